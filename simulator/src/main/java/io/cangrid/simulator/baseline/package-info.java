/** The oracles (design.md §8): matchmakers with global knowledge and zero matchmaking cost. */
package io.cangrid.simulator.baseline;
