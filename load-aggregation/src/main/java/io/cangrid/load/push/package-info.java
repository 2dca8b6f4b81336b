/**
 * CAN-P (design.md §5): pushing jobs toward underloaded regions with the push objective (Eq. 3),
 * the stopping rule (Eq. 4) and the run-node score (Eq. 5) as named, swappable policies.
 */
package io.cangrid.load.push;
