package io.cangrid.simulator.gangs;

import io.cangrid.simulator.scenario.ConfigKeys;
import java.util.List;

/** Every key a gangmatching scenario may set; scenarios/gangs.conf explains each one. */
final class GangScenarioKeys {
    static final String EXPERIMENT = "experiment";
    static final String EXPERIMENT_VALUE = "gangmatching";
    static final String NAME = "name";
    static final String JOBS = "gangs.jobs";
    static final String LICENCES_PER_JOB = "gangs.licences-per-job";
    static final String PARTITIONS = "gangs.partitions";
    static final String SEARCHES = "gangs.searches";

    static final List<String> ALL = List.of(EXPERIMENT, NAME, JOBS, LICENCES_PER_JOB, PARTITIONS, SEARCHES);

    static final ConfigKeys KEYS = new ConfigKeys(ALL, "scenarios/gangs.conf explains every key");

    private GangScenarioKeys() {
    }
}
