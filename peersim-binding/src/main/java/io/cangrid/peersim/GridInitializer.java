package io.cangrid.peersim;

import io.cangrid.simulator.experiment.RunPlan;
import io.cangrid.simulator.experiment.RunSequence;
import io.cangrid.simulator.run.GridExperiment;
import io.cangrid.simulator.runtime.NetworkModel;
import io.cangrid.simulator.scenario.Scenario;
import io.cangrid.simulator.scenario.ScenarioException;
import io.cangrid.simulator.scenario.ScenarioLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import peersim.config.Configuration;
import peersim.config.FastConfig;
import peersim.config.IllegalParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import peersim.core.Control;

/**
 * Builds one run's grid from the scenario file {@code cangrid simulate} reads. PeerSim runs each of the
 * scenario's runs (every locator on every load level and churn variant) as one of its experiments, so
 * {@code simulation.experiments} must equal the scenario's number of runs; experiment k runs the k-th run
 * in the order reports list them. The initialiser schedules the joins; the controls take it from there.
 *
 * <p>Parameters, under {@code init.NAME}: {@code scenario} (the HOCON file, required), {@code protocol}
 * (the {@link GridProtocol}, required), {@code seed} (replaces the scenario's), {@code set} (more
 * overrides as {@code cangrid simulate --set} takes them, separated by {@code ;}). The loss probability
 * is the transport's {@code loss} parameter.
 */
public final class GridInitializer implements Control {

    private static final Logger log = LoggerFactory.getLogger(GridInitializer.class);

    private static final String PAR_SCENARIO = "scenario";
    private static final String PAR_PROTOCOL = "protocol";
    private static final String PAR_SEED = "seed";
    private static final String PAR_SET = "set";
    private static final String PAR_EXPERIMENTS = "simulation.experiments";

    private final String prefix;
    private final int pid;
    private final Path scenarioFile;
    private final List<String> overrides = new ArrayList<>();
    private final double loss;

    public GridInitializer(String prefix) {
        this.prefix = prefix;
        this.pid = Configuration.getPid(prefix + "." + PAR_PROTOCOL);
        this.scenarioFile = Path.of(Configuration.getString(prefix + "." + PAR_SCENARIO));
        if (Configuration.contains(prefix + "." + PAR_SEED)) {
            overrides.add("seed=" + Configuration.getLong(prefix + "." + PAR_SEED));
        }
        if (Configuration.contains(prefix + "." + PAR_SET)) {
            for (String o : Configuration.getString(prefix + "." + PAR_SET).split(";")) {
                if (!o.isBlank()) {
                    overrides.add(o.strip());
                }
            }
        }
        String transport = Configuration.lookupPid(FastConfig.getTransport(pid));
        this.loss = Configuration.getDouble("protocol." + transport + "." + ScenarioTransport.PAR_LOSS, 0.0);
    }

    @Override
    public boolean execute() {
        RunSequence sequence = PeerSimSession.sequence();
        if (sequence == null) {
            sequence = new RunSequence(RunPlan.of(load()));
            int experiments = Configuration.getInt(PAR_EXPERIMENTS, 1);
            if (experiments != sequence.size()) {
                Scenario s = sequence.plan().scenario();
                throw new IllegalParameterException(PAR_EXPERIMENTS, "scenario " + s.name() + " has "
                        + sequence.size() + " runs (" + s.locators().size() + " locators x "
                        + s.loadLevels().size() + " load levels x " + s.churn().variants().size()
                        + " churn variants), and PeerSim runs one an experiment: set " + PAR_EXPERIMENTS + " "
                        + sequence.size() + " (it is " + experiments + ")");
            }
            PeerSimSession.useSequence(sequence);
        }
        var run = sequence.plan().runs().get(sequence.startedRuns());
        PeerSimRuntime runtime = new PeerSimRuntime(pid, run.settings().seed());
        PeerSimSession.startRun(runtime, new NetworkModel(run.settings().latency(), loss, run.settings().seed()));
        log.info("run {}/{}: {}", sequence.startedRuns() + 1, sequence.size(), run.key());
        GridExperiment experiment = sequence.startNext(runtime);
        experiment.handOverFirstPeriodOnStart();
        return false;
    }

    private Scenario load() {
        if (!Files.isRegularFile(scenarioFile)) {
            throw new IllegalParameterException(prefix + "." + PAR_SCENARIO, "no scenario file " + scenarioFile
                    + " (paths are relative to the directory PeerSim runs in: " + Path.of("").toAbsolutePath() + ")");
        }
        try {
            return ScenarioLoader.load(scenarioFile, overrides);
        } catch (ScenarioException e) {
            throw new IllegalParameterException(prefix + "." + PAR_SCENARIO, e.getMessage());
        }
    }
}
