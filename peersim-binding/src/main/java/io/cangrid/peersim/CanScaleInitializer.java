package io.cangrid.peersim;

import io.cangrid.bench.can.CanBenchmark;
import io.cangrid.bench.can.CanScaleRun;
import io.cangrid.can.geometry.SplitRule;
import io.cangrid.overlay.sim.LatencyModel;
import io.cangrid.overlay.sim.SimulationConfig;
import io.cangrid.simulator.runtime.NetworkModel;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import peersim.config.Configuration;
import peersim.config.FastConfig;
import peersim.config.IllegalParameterException;
import peersim.core.Control;

/**
 * Starts the CAN scale run {@code cangrid bench can} makes, in PeerSim: nodes join over about five update
 * periods, the overlay settles, probes are routed ({@link CanScaleControl} moves it along, {@link
 * CanScaleObserver} prints the result). The network is the benchmark's: exponential latency with a 50 ms
 * mean, and the transport's {@code loss} (default none).
 *
 * <p>Parameters, under {@code init.NAME}, as {@code bench can} names its options: {@code protocol}
 * (the {@link GridProtocol}, required), {@code nodes} (10000), {@code dimensions} (4), {@code seed} (1),
 * {@code points} ({@code uniform} or {@code capabilities}), {@code probes} (10000), {@code update-period}
 * (10000 ms), {@code max-settle-periods} (60), {@code split} ({@code balanced} or {@code cyclic}).
 * Lattice points and churn are the deterministic simulation's only.
 */
public final class CanScaleInitializer implements Control {

    private static final Logger log = LoggerFactory.getLogger(CanScaleInitializer.class);

    private final int pid;
    private final double loss;
    private final CanBenchmark.Options options;

    public CanScaleInitializer(String prefix) {
        this.pid = Configuration.getPid(prefix + ".protocol");
        String transport = Configuration.lookupPid(FastConfig.getTransport(pid));
        this.loss = Configuration.getDouble("protocol." + transport + "." + ScenarioTransport.PAR_LOSS, 0.0);
        String points = Configuration.getString(prefix + ".points", "uniform").toUpperCase(Locale.ROOT);
        if (!points.equals("UNIFORM") && !points.equals("CAPABILITIES")) {
            throw new IllegalParameterException(prefix + ".points", "must be uniform or capabilities (lattice points "
                    + "are for bench can in the deterministic simulation), was " + points.toLowerCase(Locale.ROOT));
        }
        try {
            this.options = new CanBenchmark.Options(Configuration.getInt(prefix + ".nodes", 10_000),
                    Configuration.getInt(prefix + ".dimensions", 4), Configuration.getLong(prefix + ".seed", 1), 0,
                    CanBenchmark.Points.valueOf(points), Configuration.getInt(prefix + ".probes", 10_000),
                    Configuration.getLong(prefix + ".update-period", 10_000),
                    Configuration.getInt(prefix + ".max-settle-periods", 60),
                    SplitRule.Policy.valueOf(Configuration.getString(prefix + ".split", "balanced")
                            .toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            throw new IllegalParameterException(prefix, e.getMessage());
        }
    }

    @Override
    public boolean execute() {
        PeerSimRuntime runtime = new PeerSimRuntime(pid, options.seed());
        LatencyModel latency = LatencyModel.exponential(SimulationConfig.DEFAULT_MEAN_LATENCY_MILLIS);
        PeerSimSession.startRun(runtime, new NetworkModel(latency, loss, options.seed()));
        CanScaleRun run = new CanScaleRun(options, runtime, log::info);
        PeerSimSession.useCanRun(run);
        run.begin();
        return false;
    }
}
