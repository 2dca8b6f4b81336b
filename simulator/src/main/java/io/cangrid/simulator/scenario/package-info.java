/**
 * Experiment definitions: HOCON scenario files ({@code scenarios/base.conf} lists every key with its
 * default), read and checked by {@link io.cangrid.simulator.scenario.ScenarioLoader} into an immutable
 * {@link io.cangrid.simulator.scenario.Scenario}.
 */
package io.cangrid.simulator.scenario;
