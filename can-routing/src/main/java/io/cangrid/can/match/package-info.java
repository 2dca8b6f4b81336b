/**
 * Jobs on the CAN: the grid node that hosts the overlay, the job life cycle and a locator together, and
 * basic CAN matchmaking (design.md §3) with its upward walk and completeness search.
 */
package io.cangrid.can.match;
