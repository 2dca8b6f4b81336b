package io.cangrid.cli.node;

import io.cangrid.cli.common.HostPort;
import io.cangrid.cli.common.Validation;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.ExprSyntaxException;
import io.cangrid.overlay.ad.Value;
import java.util.LinkedHashMap;
import java.util.Map;

import io.cangrid.can.CanConfig;
import io.cangrid.can.CanListener;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.dashboard.DashboardServer;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.PrivateFiles;
import io.cangrid.overlay.NodeProgramFactory;
import io.cangrid.jobs.exec.ExecLimits;
import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.exec.ExecSettings;
import io.cangrid.jobs.exec.JobEnvPolicy;
import io.cangrid.jobs.exec.SandboxMode;
import io.cangrid.jobs.JobConfig;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.OwnerPolicy;
import io.cangrid.live.Admission;
import io.cangrid.live.AdmissionToken;
import io.cangrid.live.CredentialException;
import io.cangrid.live.KeyFile;
import io.cangrid.live.LiveNode;
import io.cangrid.live.LiveRuntime;
import io.cangrid.live.NetConfig;
import io.cangrid.live.NodeKey;
import io.cangrid.live.Role;
import io.cangrid.live.TlsFiles;
import io.cangrid.overlay.resource.Capabilities;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code cangrid node}: runs one live node until it is stopped (SIGTERM or Ctrl-C leave gracefully). */
@Command(name = "node", description = "Run a grid node: start a new grid, or join one with --join.")
public final class NodeCommand implements java.util.concurrent.Callable<Integer> {

    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node");
    static final long LEAVE_TIMEOUT_MILLIS = 10_000;
    /** How long results (and owners' outcomes) are kept after a job ended. */
    static final long RESULT_RETENTION_MILLIS = 7 * 24 * 3600_000L;
    /** The node's own key, in its work directory: its id derives from it. */
    public static final String KEY_FILE = "node.key";
    /** The revocations the node enforces, kept across restarts. */
    public static final String REVOCATIONS_FILE = "revocations";

    @Spec
    private CommandSpec spec;

    @Mixin
    private ClientOptions client;

    @Option(names = "--listen", required = true, paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "Address to listen on (port 0: any free port, written to WORKDIR/address).")
    private HostPort listen;

    @Option(names = "--advertise", paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "Address peers reach this node at, when it differs from --listen.")
    private HostPort advertise;

    @Option(names = "--join", paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "A node of the grid to join through (repeatable; the first that answers is used)."
                    + " Without it the node starts a new grid.")
    private List<HostPort> join = new ArrayList<>();

    @Option(names = "--workdir", paramLabel = "DIR", description = "Work directory, one node's alone (default:"
            + " ~/.cangrid/node).")
    private Path workdir;

    @Option(names = "--cpu", paramLabel = "X", description = "CPU speed relative to the baseline core (default: detected).")
    private Double cpu;

    @Option(names = "--cores", paramLabel = "N", description = "Cores lent to jobs, run at once as they fit"
            + " (default: this machine's cores).")
    private Integer cores;

    @Option(names = "--force", description = "Allow --cores beyond the cores this machine has.")
    private boolean force;

    @Option(names = "--attr", paramLabel = "NAME=VALUE", description = "An attribute of this machine for jobs'"
            + " requirements to read, e.g. OpSys=LINUX, HasGpu=true, Licenses={\"matlab\"} (repeatable; a value"
            + " that is no literal is a string). OpSys, Arch and JavaVersion are detected.")
    private List<String> attributes = new ArrayList<>();

    @Option(names = "--accept", paramLabel = "EXPR", description = "Which jobs this node takes, the job being other:"
            + " e.g. 'other.Name != \"riffraff\"' (default: any its capabilities meet).")
    private String accept;

    @Option(names = "--prefer", paramLabel = "EXPR", description = "How this node ranks the jobs it holds, the job"
            + " being other, higher first: its queue runs them in that order, e.g. 'other.Owner == \"raman\"'"
            + " (default: arrival order).")
    private String prefer;

    @Mixin
    private OwnerOptions ownerOptions;

    @Option(names = "--memory", paramLabel = "SIZE", converter = ByteSize.Converter.class,
            description = "Memory offered, e.g. 8GiB (default: detected), and reserved by the jobs that ask for it"
                    + " while they run.")
    private Long memory;

    @Option(names = "--disk", paramLabel = "SIZE", converter = ByteSize.Converter.class,
            description = "Disk offered, e.g. 100GiB (default: free space of the work directory).")
    private Long disk;

    @Option(names = "--tls-cert", paramLabel = "FILE",
            description = "PEM certificate chain: encrypt connections with TLS (every node of the grid must).")
    private Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "PEM (PKCS#8) private key of --tls-cert.")
    private Path tlsKey;

    @Option(names = "--exec", paramLabel = "POLICY", defaultValue = "none",
            description = "Which programs this node runs: none (default), any, or allow:NAME|/ABS/GLOB[,...]"
                    + " (NAME: the program of that name on this node's PATH; a glob matches real paths).")
    private String exec;

    @Option(names = "--job-env", paramLabel = "POLICY", defaultValue = "safe",
            description = "Which environment variables jobs may set: safe (default: all but those that steer"
                    + " loaders, shells and interpreters, such as LD_PRELOAD), none, or allow:GLOB[,GLOB...]"
                    + " (a steering variable only when named in full).")
    private String jobEnv;

    @Option(names = "--sandbox", paramLabel = "MODE", defaultValue = "auto",
            description = "Wall jobs in with bubblewrap: auto (default: when installed), bwrap (required), none.")
    private String sandbox;

    @Option(names = "--job-network", paramLabel = "host|none", defaultValue = "host",
            description = "Whether jobs reach the network: host (default) or none.")
    private String jobNetwork;

    @Option(names = "--job-user", paramLabel = "USER",
            description = "The unprivileged user jobs run as when the node runs as root (default: nobody).")
    private String jobUser;

    @Option(names = "--locator", paramLabel = "NAME[OPTIONS]", defaultValue = "CAN-PX", converter = LiveLocator.class,
            description = "How jobs find nodes: CAN-PX (default), CAN, CAN-P1, CAN-P2 or CAN-P3 on the CAN overlay,"
                    + " or HYGRA on HYGRA's hyperspace; options as in scenarios, e.g. CAN-PX[idle=0]."
                    + " Every node of a grid must use the same.")
    private String locator;

    @Option(names = "--http", paramLabel = "[HOST:]PORT", converter = HostPort.LoopbackConverter.class,
            description = "Serve the web dashboard here (a port alone: on 127.0.0.1; port 0: any free port)."
                    + " The node logs its URL, with the access token.")
    private HostPort http;

    @Option(names = "--config", paramLabel = "FILE", description = "Node settings file (grid.* and owner.* keys;"
            + " an owner option given as well wins).")
    private Path config;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Overrides a grid.* or owner.* setting"
            + " (repeatable).")
    private List<String> sets = new ArrayList<>();

    /** The machine's attributes and acceptance as the options give them; a malformed one is refused by name. */
    private MachineTerms machineTerms() {
        Map<String, Value> values = new LinkedHashMap<>();
        for (String a : attributes) {
            int eq = a.indexOf('=');
            String name = eq < 0 ? "" : a.substring(0, eq).trim();
            if (name.isEmpty()) {
                throw Validation.fail(spec, "--attr " + a + ": write NAME=VALUE, e.g. --attr OpSys=LINUX");
            }
            String clash = builtIn(name);
            if (clash != null) {
                throw Validation.fail(spec, "--attr " + a + ": " + name + " is " + clash);
            }
            values.put(name, AttributeValue.parse(a.substring(eq + 1).trim()));
        }
        checkExpression("--accept", accept);
        checkExpression("--prefer", prefer);
        return new MachineTerms(values, accept, prefer);
    }

    /** What a built-in attribute of that name already says, or null when {@code name} is free for --attr. */
    private static String builtIn(String name) {
        for (int d = 0; d < LiveNodeAssembly.SCHEMA.realDimensions(); d++) {
            if (io.cangrid.overlay.ad.ResourceAttributes.attribute(LiveNodeAssembly.SCHEMA.dimension(d))
                    .equalsIgnoreCase(name)) {
                return "this node's capability, set by its resource options (--cpu, --memory, --disk, --cores)";
            }
        }
        for (String policy : List.of("Start", "Requirements", "Constraint")) {
            if (policy.equalsIgnoreCase(name)) {
                return "the node's policy: set it with --accept";
            }
        }
        return name.equalsIgnoreCase("Rank") ? "the node's preference: set it with --prefer" : null;
    }

    private void checkExpression(String option, String text) {
        if (text != null) {
            try {
                Expr.parse(text);
            } catch (ExprSyntaxException e) {
                throw Validation.fail(spec, option + ": " + e.oneLine());
            }
        }
    }

    @Override
    public Integer call() throws Exception {
        // Checked before anything starts: a malformed --attr or --accept costs the operator no port or directory.
        MachineTerms machine = machineTerms();
        NodeSettings settings = NodeSettings.load(config, sets);
        ExecPolicy policy = parsed("--exec", () -> ExecPolicy.parse(exec));
        int coresLent = coresLent(Runtime.getRuntime().availableProcessors());
        NodeOwnerPolicy owner = NodeOwnerPolicy.of(new OwnerSettings(ownerOptions, settings.owner()));
        OwnerPolicy ownerPolicy = owner.policy();
        // Every credential is checked before the work directory is taken and anything binds: a node never
        // starts half-admitted.
        Path secretPath = client.token != null ? client.token : SecretFile.resolve(client.secretFile);
        Admission admission = admission(secretPath);
        Path dir = WorkDirectory.prepare(workdir != null ? workdir
                : Path.of(System.getProperty("user.home"), ".cangrid", "node"));
        if (workdir == null) {
            log.info("work directory {} (the default; a second node on this machine needs --workdir DIR)", dir);
        }
        Capabilities caps = capabilities(dir, coresLent);
        ExecSettings execSettings = execSettings(policy, settings, caps, dir, secretPath);
        NodeKey key = KeyFile.loadOrCreate(dir.resolve(KEY_FILE));
        String gridName = admission instanceof AdmissionToken t ? t.grid() : client.grid;
        NetConfig net = NetConfig.of(gridName, admission)
                .withMaxFrameBytes((int) settings.maxFrameBytes())
                .withIdleMillis(settings.idleTimeout().toMillis());
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new UserError("--tls-cert and --tls-key go together: give both, or neither for no TLS");
        }
        if (tlsCert != null) {
            try {
                net = TlsFiles.apply(net, tlsCert, tlsKey, client.tlsTrust);
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage(), e);
            }
        }
        CanConfig can = CanConfig.withUpdatePeriod(settings.updatePeriod().toMillis());

        LiveRuntime runtime = new LiveRuntime(net, 1);
        DashboardServer dashboard = null;
        try {
            LiveNode node = bind(runtime, key);
            node.revocations().keepIn(dir.resolve(REVOCATIONS_FILE));
            writeAddress(dir, node.self());
            // Bound before the node joins (and before there is anything to leave), so that a port in use
            // ends the command at once.
            dashboard = dashboard(net, node.self());
            List<NodeId> bootstraps = join.isEmpty() ? List.of() : List.of(firstAnswering(node));
            AtomicReference<String> abandoned = new AtomicReference<>();
            CanListener onAbandon = new CanListener() {
                @Override
                public void joinAbandoned(String why) {
                    abandoned.set(why);
                }
            };
            // A node stopped by a signal (systemd, Ctrl-C) ends in this hook, not after the join below: it gives
            // the machine its cgroups back here too.
            Thread hook = new Thread(() -> {
                leave(node);
                releaseMachine(dir, execSettings);
            }, "cangrid-leave");
            Runtime.getRuntime().addShutdownHook(hook);
            log.info("node {} listening on {}:{} in grid '{}' ({}), capabilities cpu {} memory {} MiB disk {} GiB,"
                    + " {} core(s) lent, {}", node.self(), node.self().host(), node.self().port(), gridName, locator,
                    caps.get(0), Math.round(caps.get(1)), Math.round(caps.get(2)), coresLent,
                    join.isEmpty() ? "starting a new grid" : "joining through " + bootstraps.get(0));
            log.info("connections: {}", LiveRuntime.transport());
            log.info("node key {}; admitted by {}", key.publicText(), admission instanceof AdmissionToken t
                    ? t.describe() + " of authority " + t.authorityText() : "the grid's shared secret");
            log.info(policy.runsAnything() ? "runs job commands: --exec " + policy
                    : "runs no job commands (--exec none): jobs matched here go elsewhere");
            String unwatched = !owner.described().isEmpty() ? owner.described()
                    : "no --owner-activity-file, --run-hours, --idle-for, --max-owner-cpu or battery";
            log.info(ownerPolicy == null ? "runs jobs whatever the machine's owner does (" + unwatched + ")"
                    : "yields to the machine's owner (" + ownerPolicy.describe() + "): jobs are suspended then and"
                    + " vacated after " + ownerPolicy.maxSuspensionMillis() / 1000 + " s");
            JobConfig jobs = new JobConfig(settings.heartbeatPeriod().toMillis(), JobConfig.DEFAULT_MISSED_HEARTBEATS,
                    JobConfig.DEFAULT_CLIENT_TIMEOUT_PERIODS, RESULT_RETENTION_MILLIS, settings.maxRuns());
            if (dashboard != null) {
                log.info("dashboard at {}", dashboard.url());
            }
            NodeProgramFactory program;
            try {
                program = new LiveNodeAssembly(locator, can, jobs, caps, bootstraps, onAbandon, dir, execSettings,
                        RESULT_RETENTION_MILLIS, (int) settings.maxFrameBytes()).withCores(coresLent).withOwner(ownerPolicy)
                        .withFiles(settings.files()).withMachine(machine)
                        .program();
            } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
                throw new UserError(e.getMessage(), e);
            }
            if (settings.faultsFile() != null) {
                log.warn("link faults from {} apply to everything this node sends (grid.faults-file: for tests)",
                        settings.faultsFile());
                node.faultsFrom(settings.faultsFile());
            }
            node.start(program).join();
            node.stopped().join();
            releaseMachine(dir, execSettings);
            if (abandoned.get() != null) {
                throw new UserError("could not join the grid: " + abandoned.get());
            }
            return 0;
        } finally {
            if (dashboard != null) {
                dashboard.close();
            }
            runtime.close();
        }
    }

    /**
     * What this node's operator decided about jobs. The memory limit defaults to the memory the node offers;
     * a sandboxed job never sees the work directory, the secret or the TLS key.
     */
    private ExecSettings execSettings(ExecPolicy policy, NodeSettings settings, Capabilities caps, Path dir,
            Path secretPath) {
        JobEnvPolicy env = parsed("--job-env", () -> JobEnvPolicy.parse(jobEnv));
        SandboxMode mode = parsed("--sandbox", () -> SandboxMode.parse(sandbox));
        boolean network = switch (jobNetwork.trim()) {
            case "host" -> true;
            case "none" -> false;
            default -> throw new UserError("--job-network: '" + jobNetwork + "' is not host or none");
        };
        long memory = settings.jobMemoryLimit() > 0 ? settings.jobMemoryLimit() : (long) (caps.get(1) * (1 << 20));
        ExecLimits limits = new ExecLimits((int) settings.jobStreamLimit(), (int) settings.jobOutputLimit(),
                settings.jobDiskQuota(), memory);
        List<Path> hidden = new ArrayList<>(List.of(dir, secretPath));
        if (tlsKey != null) {
            hidden.add(tlsKey);
        }
        return new ExecSettings(policy, env, mode, network, jobUser, limits, hidden);
    }

    private static <T> T parsed(String option, java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new UserError(option + ": " + e.getMessage(), e);
        }
    }

    /** The dashboard, when {@code --http} asks for one; it asks this node like any client would. */
    private DashboardServer dashboard(NetConfig net, NodeId self) {
        if (http == null) {
            return null;
        }
        try {
            return DashboardServer.start(http, net, new HostPort(self.host(), self.port()),
                    DashboardServer.DEFAULT_SAMPLE_MILLIS);
        } catch (UncheckedIOException e) {
            throw new UserError(e.getMessage(), e);
        }
    }

    /** The cores this node lends: {@code --cores}, checked against the {@code machine}'s, or all of them. */
    int coresLent(int machine) {
        if (cores == null) {
            return machine;
        }
        if (cores < 1 || cores > JobSpec.MAX_CORES) {
            throw new UserError("--cores " + cores + ": a node lends 1 to " + JobSpec.MAX_CORES + " cores");
        }
        if (cores > machine && !force) {
            throw new UserError("--cores " + cores + ": this machine has " + machine + " core(s); lend at most "
                    + machine + ", or add --force to run more jobs at once than it has cores");
        }
        return cores;
    }

    /** The node's point: what it offers, the cores it lends included (the live schema's fourth value). */
    private Capabilities capabilities(Path dir, int coresLent) {
        double c = cpu != null ? cpu : MachineProbe.cpuSpeed();
        double m = memory != null ? memory / (double) (1L << 20) : MachineProbe.memoryMiB();
        double d = disk != null ? disk / (double) (1L << 30) : MachineProbe.freeDiskGiB(dir);
        if (!(c > 0) || !(m > 0) || d < 0) {
            throw new UserError("capabilities must be positive: cpu " + c + ", memory " + m + " MiB, disk " + d + " GiB");
        }
        return LiveNodeAssembly.capabilities(c, m, d, coresLent);
    }

    private LiveNode bind(LiveRuntime runtime, NodeKey key) {
        try {
            return runtime.bind(new InetSocketAddress(listen.host(), listen.port()),
                    advertise == null ? null : advertise.host(), advertise == null ? 0 : advertise.port(), key);
        } catch (UncheckedIOException | IllegalArgumentException e) {
            // A listen address the machine cannot take is a bad option: one line, the usage exit code.
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--listen: " + e.getMessage(), e,
                    null, listen.toString());
        }
    }

    /** The grid's shared secret, or this node's admission token, which must be a node's and valid now. */
    private Admission admission(Path secretPath) {
        if (client.token == null) {
            return SecretFile.load(secretPath, join.isEmpty());
        }
        AdmissionToken token = TokenFile.load(client.token, Role.NODE);
        if (!client.grid.equals(NetConfig.DEFAULT_GRID) && !client.grid.equals(token.grid())) {
            throw new CredentialException("token " + client.token + " is for grid '" + token.grid() + "', --grid says '"
                    + client.grid + "'");
        }
        return token;
    }

    private NodeId firstAnswering(LiveNode node) throws InterruptedException {
        List<String> failures = new ArrayList<>();
        for (HostPort a : join) {
            try {
                return node.identify(a.host(), a.port()).get(NetConfig.DEFAULT_CONNECT_MILLIS
                        + NetConfig.DEFAULT_HANDSHAKE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (ExecutionException | CompletionException e) {
                failures.add(a + " (" + e.getCause().getMessage() + ")");
            } catch (TimeoutException e) {
                failures.add(a + " (no answer)");
            }
        }
        throw new UserError("no join address answered: " + String.join("; ", failures));
    }

    private static void writeAddress(Path dir, NodeId self) throws IOException {
        PrivateFiles.writeAtomically(dir.resolve("address"), (self.host() + ":" + self.port() + "\n")
                .getBytes(StandardCharsets.UTF_8));
    }

    /** SIGTERM or Ctrl-C: hand the zones over, then let the JVM end, within a bounded time. */
    private static void releaseMachine(Path dir, ExecSettings exec) {
        try {
            LiveNodeAssembly.releaseMachine(dir, exec, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void leave(LiveNode node) {
        if (node.stopped().isDone()) {
            return;
        }
        log.info("leaving the grid");
        try {
            node.leave().get(LEAVE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            log.info("left the grid");
        } catch (TimeoutException e) {
            log.warn("leaving took over {} ms; stopping anyway", LEAVE_TIMEOUT_MILLIS);
        } catch (ExecutionException e) {
            log.warn("leaving failed: {}", e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
