package io.cangrid.simulator.hygra;

import io.cangrid.hygra.tick.TickSettings;

/** A HYGRA tick scenario: its name, where it came from, and the experiment it defines. */
public record HygraScenario(String name, String source, TickSettings settings) {
}
