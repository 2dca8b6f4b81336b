package io.cangrid.simulator.scenario;

import java.util.List;
import java.util.Objects;

/**
 * One experiment, checked and immutable: every locator runs every load level (and churn variant) on the
 * same workload and seed.
 *
 * @param loadLevels offered loads rho = lambda x E[work] / total cpu (see
 *        {@link io.cangrid.simulator.workload.OfferedLoad})
 * @param platforms the machines' operating systems and architectures, and how often jobs require one
 * @param source the file it was read from, for messages and reports
 */
public record Scenario(String name, long seed, int nodes, NodePopulation population, JobMix jobs,
        List<Double> loadLevels, List<String> locators, GridSettings grid, ChurnPlan churn, OwnerModel owners,
        Platforms platforms, String source) {

    public Scenario {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(population, "population");
        Objects.requireNonNull(jobs, "jobs");
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(churn, "churn");
        Objects.requireNonNull(owners, "owners");
        Objects.requireNonNull(platforms, "platforms");
        loadLevels = List.copyOf(loadLevels);
        locators = List.copyOf(locators);
        if (nodes < 1) {
            throw new IllegalArgumentException("a scenario needs at least one node, was " + nodes);
        }
        if (loadLevels.isEmpty() || locators.isEmpty()) {
            throw new IllegalArgumentException("a scenario needs at least one load level and one locator");
        }
    }

    /** Runs the scenario asks for: locators x load levels x churn variants. */
    public int runCount() {
        return locators.size() * loadLevels.size() * churn.variants().size();
    }
}
