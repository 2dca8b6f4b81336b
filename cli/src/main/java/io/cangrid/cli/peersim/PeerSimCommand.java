package io.cangrid.cli.peersim;

import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.common.Validation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code cangrid peersim CONFIG [KEY=VALUE...]}: runs a PeerSim configuration in PeerSim 1.0.5's own JVM,
 * with the binding built from the sources under the Maven profile {@code peersim} (built first when it is
 * missing or older than the sources). Without PeerSim installed it says in one line how to install it.
 */
@Command(name = "peersim",
        description = {"Run a PeerSim configuration of a cangrid scenario (scenarios/peersim/*.cfg) in PeerSim 1.0.5: "
                + "the same protocols, scenario files and reports as 'cangrid simulate', PeerSim's engine. Builds the "
                + "binding (Maven profile peersim) on first use. PeerSim must be installed first: "
                + "'cangrid peersim install peersim-1.0.5.zip'.",
            "KEY=VALUE arguments override the configuration, as PeerSim's own command line takes them "
                + "(e.g. init.grid.seed=2)."},
        subcommands = {PeerSimInstallCommand.class})
public final class PeerSimCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "CONFIG",
            description = "PeerSim configuration, e.g. scenarios/peersim/quickstart.cfg.")
    private Path config;

    @Parameters(index = "1..*", paramLabel = "KEY=VALUE", description = "Overrides of the configuration.")
    private List<String> overrides = new ArrayList<>();

    @Option(names = "--repository", paramLabel = "DIR",
            description = "The local Maven repository PeerSim is installed in (default: ~/.m2/repository).")
    private Path repository;

    @Override
    public Integer call() {
        if (config == null) {
            spec.commandLine().usage(spec.commandLine().getErr());
            return ExitCodes.USAGE;
        }
        for (String o : overrides) {
            Validation.require(o.indexOf('=') > 0, spec, "'" + o + "' is not KEY=VALUE (e.g. init.grid.seed=2)");
        }
        Path repo = repository != null ? repository : PeerSimArtifacts.defaultRepository();
        if (!new PeerSimArtifacts(repo).installed()) {
            throw new UserError(PeerSimArtifacts.howToInstall());
        }
        if (!Files.isRegularFile(config)) {
            throw new UserError("no PeerSim configuration " + config + ": give one of scenarios/peersim/*.cfg");
        }
        PeerSimBuild build = new PeerSimBuild(PeerSimBuild.sourceRoot(), repo);
        build.ensureBuilt(spec.commandLine().getErr());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseParallelGC", "-XX:MaxRAMPercentage=70", "-cp", build.classPath(), "peersim.Simulator",
                config.toString()));
        command.addAll(overrides);
        spec.commandLine().getOut().flush();
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.INHERIT)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            copyWithoutLeadingBlankLines(p.getInputStream(), spec.commandLine().getOut());
            return p.waitFor();
        } catch (IOException e) {
            throw new UserError("cannot start PeerSim's JVM (" + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while PeerSim ran", e);
        }
    }

    /**
     * PeerSim prints empty lines on standard output as each experiment starts, ahead of the report: they are
     * dropped, so that the table (or the JSON) is what standard output holds. Lines after the first that is
     * not blank pass as they are.
     */
    static void copyWithoutLeadingBlankLines(java.io.InputStream in, java.io.PrintWriter out) throws IOException {
        boolean started = false;
        try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(in,
                java.nio.charset.StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                started |= !line.isBlank();
                if (started) {
                    out.println(line);
                    out.flush();
                }
            }
        }
    }
}
