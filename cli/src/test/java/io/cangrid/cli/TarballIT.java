package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.ConfigFactory;
import io.cangrid.cli.node.NodeSettings;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The release as a machine owner gets it, {@code target/cangrid-VERSION.tar.gz}: one top directory holding the
 * jar, an executable launcher, the systemd unit, the example settings and the documentation. Unpacked into an
 * empty directory and laid out as the installation instructions say ({@code opt/cangrid} a symlink to the
 * release), its own launcher, with nothing of the build (no Maven, no source tree, no other jar), runs three
 * nodes on 127.0.0.1, each by the command line of the shipped unit with the unit's paths mapped into the
 * directory, the second and third joining through the first; a job submitted with the launcher through the
 * third completes with the output it computed. The launcher refuses a Java that is too old or missing, the
 * example settings hold only real keys at their defaults, and {@code systemd-analyze verify} accepts the unit.
 * Every process started here is stopped by its pid at the end, pass or fail, and every wait is bounded.
 */
class TarballIT {

    private static final Logger log = LoggerFactory.getLogger(TarballIT.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Set by the build (cli/pom.xml) to the project's version, which names the tarball and its directory. */
    private static final String VERSION = System.getProperty("cangrid.version");
    private static final Path TARGET = Path.of("target");
    private static final long COMMAND_SECONDS = 90;
    private static final long NODE_START_MILLIS = 30_000;
    private static final long SETTLE_MILLIS = 60_000;
    private static final int NODES = 3;
    /** The unit, where the release keeps it. */
    private static final String UNIT_FILE = "systemd/cangrid-node.service";

    @TempDir
    Path dir;

    private final Processes processes = new Processes();

    @BeforeEach
    void keepOutputsInTheTestsDirectory() throws IOException {
        processes.outputsIn(Files.createDirectories(dir.resolve("outputs")));
    }

    @AfterEach
    void stopEverything() throws InterruptedException {
        processes.stopAll();
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void theTarballHoldsOneDirectoryWithTheJarAnExecutableLauncherTheUnitAndTheDocs() throws Exception {
        Ran listing = processes.run(List.of("tar", "tzvf", tarball().toString()), Map.of("PATH", "/usr/bin:/bin"), dir);
        assertThat(listing.exit()).as("tar tzvf: %s", listing.err()).isZero();
        Map<String, String> modes = new LinkedHashMap<>();
        for (String line : listing.out().split("\\R")) {
            String[] f = line.trim().split("\\s+", 6);
            modes.put(f[5], f[0]);
        }
        String top = "cangrid-" + VERSION + "/";
        assertThat(modes.keySet()).as("one top directory").allMatch(name -> name.startsWith(top));
        List<String> expected = new ArrayList<>(List.of("lib/cangrid.jar", "bin/cangrid", UNIT_FILE,
                "conf/node.conf.example", "conf/node.env.example", "README.md"));
        // What the repository holds that the release must carry: every page of its documentation, and a licence
        // once it has one.
        try (Stream<Path> docs = Files.list(Path.of("..", "docs"))) {
            docs.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".md")).forEach(n -> expected.add("docs/" + n));
        }
        try (Stream<Path> root = Files.list(Path.of(".."))) {
            root.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("LICENSE")).forEach(expected::add);
        }
        assertThat(modes.keySet()).containsAll(expected.stream().map(top::concat).toList());
        assertThat(modes.get(top + "bin/cangrid")).as("the launcher's mode").isEqualTo("-rwxr-xr-x");
        assertThat(modes.get(top + "lib/cangrid.jar")).isEqualTo("-rw-r--r--");
        assertThat(Files.size(TARGET.resolve("cangrid.jar"))).as("the jar in the tarball is the shaded one")
                .isEqualTo(Long.parseLong(listing.out().lines().filter(l -> l.endsWith(top + "lib/cangrid.jar"))
                        .findFirst().orElseThrow().trim().split("\\s+")[2]));
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void threeNodesStartedAsTheUnitStartsThemRunAJobSubmittedWithTheLauncher() throws Exception {
        Install install = Install.unpack(tarball(), dir.resolve("root"), processes);
        Path etc = Files.createDirectories(dir.resolve("root/etc/cangrid"));
        Files.copy(install.release().resolve("conf/node.conf.example"), etc.resolve("node.conf"));
        Path secret = etc.resolve("secret");
        writePrivate(secret, randomBytes(32));
        Path home = Files.createDirectories(dir.resolve("home"));
        Path work = Files.createDirectories(dir.resolve("work"));

        UnitCommand unit = UnitCommand.read(install.release().resolve(UNIT_FILE));
        List<String> addresses = new ArrayList<>();
        List<Path> workdirs = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            Path state = Files.createDirectories(dir.resolve("root/var/lib/cangrid-" + i));
            Map<String, String> paths = Map.of("/opt/cangrid", install.opt().resolve("cangrid").toString(),
                    "/etc/cangrid", etc.toString(), "/var/lib/cangrid", state.toString());
            String options = "--listen 127.0.0.1:0 --exec allow:sh --set grid.update-period=300ms"
                    + " --set grid.heartbeat-period=1s --cpu 1 --memory 1GiB --disk 10GiB"
                    + (i == 0 ? "" : " --join " + addresses.get(0));
            List<String> command = unit.command(paths, Map.of("CANGRID_NODE_OPTS", options));
            Map<String, String> env = new LinkedHashMap<>(install.environment(home));
            env.putAll(unit.environment(paths));
            Process node = processes.start(command, env, work, dir.resolve("node" + i + ".log"));
            Path workdir = Path.of(command.get(command.indexOf("--workdir") + 1));
            workdirs.add(workdir);
            addresses.add(awaitAddress(node, workdir.resolve("address"), dir.resolve("node" + i + ".log")));
            List<String> jvm = ProcessHandle.of(node.pid()).flatMap(h -> h.info().arguments()).map(List::of)
                    .orElse(List.of());
            assertThat(jvm).as("node %d runs the release's jar with the launcher's defaults for a node", i)
                    .contains(install.release().toRealPath().resolve("lib/cangrid.jar").toString(), "-Xmx256m",
                            "-XX:+UseParallelGC");
        }
        Client client = new Client(install, processes, home, work, secret);
        awaitGrid(client, addresses.get(0));

        long a = ThreadLocalRandom.current().nextLong(1000, 1_000_000);
        long b = ThreadLocalRandom.current().nextLong(1000, 1_000_000);
        Ran submitted = client.run("submit", "--peer", addresses.get(2), "--", "sh", "-c", "echo $((" + a + " * " + b + "))");
        assertThat(submitted.exit()).as("submit: %s", submitted.err()).isZero();
        String job = submitted.out().strip();
        Ran waited = client.run("wait", "--peer", addresses.get(0), "--timeout", "60s", "--json", job);
        assertThat(waited.exit()).as("wait: %s %s%nnode logs:%n%s", waited.out(), waited.err(), logs()).isZero();
        JsonNode ended = JSON.readTree(waited.out()).get("jobs").get(0);
        assertThat(ended.get("state").asText()).isEqualTo("COMPLETED");
        assertThat(ended.get("exitCode").asInt()).isZero();
        Ran results = client.run("results", "--peer", addresses.get(1), "--json", job);
        assertThat(results.exit()).as("results: %s", results.err()).isZero();
        assertThat(JSON.readTree(results.out()).get("stdout").asText()).isEqualTo((a * b) + "\n");

        assertThat(home.resolve(".config/cangrid/client.key")).as("CANGRID_JAVA_OPTS reached the client's JVM")
                .exists();
        assertThat(workdirs).allMatch(w -> Files.exists(w.resolve("node.key")), "every node keeps its key in its workdir");
        assertThat(install.mavenCalls()).as("the launcher ran no Maven").doesNotExist();
        log.info("release {}: 3 nodes at {} ran job {} ({} x {})", VERSION, addresses, job, a, b);
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void theLauncherSaysWhenJavaIsTooOldOrMissing() throws Exception {
        Install install = Install.unpack(tarball(), dir.resolve("root"), processes);
        Path old = Files.createDirectories(dir.resolve("jdk-11/bin"));
        Files.writeString(old.getParent().resolve("release"), "JAVA_VERSION=\"11.0.2\"\n");
        Path java = old.resolve("java");
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"11.0.2\" 2019-01-15' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new LinkedHashMap<>(install.environment(dir));
        env.put("JAVA_HOME", old.getParent().toString());
        Ran tooOld = processes.run(List.of(install.launcher().toString(), "--version"), env, dir);
        assertThat(tooOld.exit()).isEqualTo(1);
        assertThat(tooOld.err()).contains("is Java 11").contains("needs Java 17 or newer");

        // Only what the launcher runs before it looks for java (bash itself, dirname, readlink): no java.
        Path tools = Files.createDirectories(dir.resolve("tools"));
        for (String tool : List.of("bash", "dirname", "readlink")) {
            Files.createSymbolicLink(tools.resolve(tool), onPath(tool).orElseThrow());
        }
        env = new LinkedHashMap<>(install.environment(dir));
        env.remove("JAVA_HOME");
        env.put("PATH", tools.toString());
        Ran missing = processes.run(List.of(install.launcher().toString(), "--version"), env, dir);
        assertThat(missing.exit()).isEqualTo(1);
        assertThat(missing.err()).contains("java not found").contains("Java 17");
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void theExampleSettingsAreRealKeysAndTheGridDefaults() throws Exception {
        Install install = Install.unpack(tarball(), dir.resolve("root"), processes);
        Path example = install.release().resolve("conf/node.conf.example");
        NodeSettings defaults = NodeSettings.load(null, List.of());
        assertThat(NodeSettings.load(example, List.of())).as("the file as shipped changes nothing").isEqualTo(defaults);

        // Every key shown, uncommented: a key the node does not know would be refused here.
        Path uncommented = dir.resolve("node.conf");
        String text = Pattern.compile("(?m)^(\\s*)#\\s?(\\s*[a-z][a-z-]*\\s*=.*)$").matcher(Files.readString(example))
                .replaceAll("$1$2");
        Files.writeString(uncommented, text);
        Set<String> shown = ConfigFactory.parseString(text).entrySet().stream().map(Map.Entry::getKey)
                .collect(Collectors.toSet());
        assertThat(shown).as("keys shown in the example").isNotEmpty();
        NodeSettings all = NodeSettings.load(uncommented, List.of());
        assertThat(all.owner().keySet()).as("every owner key shown is read as one")
                .containsExactlyInAnyOrderElementsOf(shown.stream().filter(k -> k.startsWith("owner.")).toList());
        // The grid values shown are the node's own defaults (the memory limit's default is the memory offered, so
        // the example shows a size instead).
        assertThat(List.of(all.updatePeriod(), all.heartbeatPeriod(), all.maxFrameBytes(), all.idleTimeout(),
                all.maxRuns(), all.jobDiskQuota(), all.jobOutputLimit(), all.jobStreamLimit(), all.files()))
                .isEqualTo(List.of(defaults.updatePeriod(), defaults.heartbeatPeriod(), defaults.maxFrameBytes(),
                        defaults.idleTimeout(), defaults.maxRuns(), defaults.jobDiskQuota(), defaults.jobOutputLimit(),
                        defaults.jobStreamLimit(), defaults.files()));
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void systemdVerifiesTheUnitInARootLaidOutAsTheInstructionsSay() throws Exception {
        Optional<Path> analyze = onPath("systemd-analyze");
        assumeTrue(analyze.isPresent(), "systemd-analyze is not installed");
        Path root = dir.resolve("root");
        Install install = Install.unpack(tarball(), root, processes);
        Path units = Files.createDirectories(root.resolve("etc/systemd/system"));
        Files.copy(install.release().resolve(UNIT_FILE), units.resolve("cangrid-node.service"));
        // The unit's default dependencies (sysinit.target, ...) come from systemd's own units, as on a machine.
        copyTree(Path.of("/usr/lib/systemd/system"), root.resolve("usr/lib/systemd/system"));

        List<String> verify = List.of(analyze.get().toString(), "verify", "--root=" + root, "cangrid-node.service");
        Ran verified = processes.run(verify, Map.of("PATH", "/usr/bin:/bin"), dir);
        log.info("systemd-analyze verify: exit {} {}{}", verified.exit(), verified.out(), verified.err());
        assertThat(verified.exit()).as("systemd-analyze verify: %s%s", verified.out(), verified.err()).isZero();
        assertThat(verified.out() + verified.err()).as("no warning about the unit").doesNotContain("cangrid-node");

        Ran security = processes.run(List.of(analyze.get().toString(), "security", "--offline=true",
                "--threshold=50", "--root=" + root, "cangrid-node.service"), Map.of("PATH", "/usr/bin:/bin"), dir);
        assertThat(security.exit()).as("exposure at most 5.0: %s%s", security.out(), security.err()).isZero();

        // The check is live: with the launcher not executable, the same verification fails.
        Files.setPosixFilePermissions(install.release().resolve("bin/cangrid"), PosixFilePermissions.fromString("rw-r--r--"));
        Ran broken = processes.run(verify, Map.of("PATH", "/usr/bin:/bin"), dir);
        assertThat(broken.exit()).isNotZero();
        assertThat(broken.err()).contains("/opt/cangrid/bin/cangrid");
    }

    // ---- helpers

    private static Path tarball() {
        assertThat(VERSION).as("the build passes the project's version (cli/pom.xml)").isNotBlank();
        Path tarball = TARGET.resolve("cangrid-" + VERSION + ".tar.gz").toAbsolutePath();
        assertThat(tarball).as("the tarball is packaged before integration tests").exists();
        return tarball;
    }

    private String logs() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < NODES; i++) {
            Path f = dir.resolve("node" + i + ".log");
            sb.append("--- node ").append(i).append('\n').append(Files.exists(f) ? Files.readString(f) : "(none)");
        }
        return sb.toString();
    }

    private static String awaitAddress(Process node, Path file, Path logFile) throws IOException, InterruptedException {
        long deadline = System.currentTimeMillis() + NODE_START_MILLIS;
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(file) && !Files.readString(file).isBlank()) {
                return Files.readString(file).strip();
            }
            if (!node.isAlive()) {
                fail("node ended at start with exit %d: %s", node.exitValue(), Files.readString(logFile));
            }
            Thread.sleep(100);
        }
        return fail("node wrote no address within %d ms: %s", NODE_START_MILLIS, Files.readString(logFile));
    }

    private static void awaitGrid(Client client, String peer) throws Exception {
        long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
        String last = "";
        while (System.currentTimeMillis() < deadline) {
            Ran r = client.run("nodes", "--peer", peer, "--json");
            last = r.out() + r.err();
            if (r.exit() == 0) {
                JsonNode grid = JSON.readTree(r.out());
                if (grid.get("count").asInt() == NODES && grid.get("tilingOk").asBoolean()
                        && grid.get("neighbourTablesOk").asBoolean()) {
                    return;
                }
            }
            Thread.sleep(300);
        }
        fail("no settled grid of %d nodes within %d ms; last view: %s", NODES, SETTLE_MILLIS, last);
    }

    private static Optional<Path> onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator))
                .map(d -> Path.of(d, program)).filter(Files::isExecutable).findFirst();
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new SecureRandom().nextBytes(b);
        return b;
    }

    private static void writePrivate(Path file, byte[] content) throws IOException {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.write(file, content);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /** A finished command: its exit code and what it wrote. */
    record Ran(int exit, String out, String err) {
    }

    /**
     * Every process this test starts, each stopped by its pid at the end: SIGTERM (a node leaves the grid), then
     * SIGKILL for any still running a few seconds later. Output goes to files, so that no process blocks on a full
     * pipe nobody reads.
     */
    static final class Processes {

        private final List<Process> started = new ArrayList<>();
        private Path outputs;
        private int runs;

        void outputsIn(Path directory) {
            this.outputs = directory;
        }

        Process start(List<String> command, Map<String, String> env, Path cwd, Path output) throws IOException {
            ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()));
            pb.environment().clear();
            pb.environment().putAll(env);
            Process p = pb.start();
            started.add(p);
            log.info("started pid {}: {}", p.pid(), command);
            return p;
        }

        /** Runs a command to its end, at most {@link #COMMAND_SECONDS}. */
        Ran run(List<String> command, Map<String, String> env, Path cwd) throws IOException, InterruptedException {
            Path out = outputs.resolve("run" + runs + ".out");
            Path err = outputs.resolve("run" + runs++ + ".err");
            ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().clear();
            pb.environment().putAll(env);
            Process p = pb.start();
            started.add(p);
            if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                fail("%s did not end within %d s: %s", command, COMMAND_SECONDS, Files.readString(err));
            }
            return new Ran(p.exitValue(), Files.readString(out), Files.readString(err));
        }

        void stopAll() throws InterruptedException {
            for (Process p : started) {
                if (p.isAlive()) {
                    p.destroy();
                }
            }
            long deadline = System.currentTimeMillis() + 15_000;
            for (Process p : started) {
                if (!p.waitFor(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS)) {
                    log.warn("pid {} still running after SIGTERM; killing it", p.pid());
                    p.destroyForcibly();
                    if (!p.waitFor(5, TimeUnit.SECONDS)) {
                        log.error("pid {} survived SIGKILL", p.pid());
                    }
                }
            }
            started.clear();
        }
    }

    /**
     * The release unpacked as the instructions say: {@code ROOT/opt/cangrid-VERSION}, with {@code ROOT/opt/cangrid}
     * a symlink to it, and {@code ROOT/usr/local/bin/cangrid} a symlink to the launcher (two kinds of symlink the
     * launcher must see through). Processes get a clean environment: a Java 17 runtime, a PATH of the system's
     * directories behind one whose {@code mvn} only records that it was called.
     */
    record Install(Path root, Path release, Path launcher, Path noMaven) {

        static Install unpack(Path tarball, Path root, Processes processes) throws IOException, InterruptedException {
            Path opt = Files.createDirectories(root.resolve("opt"));
            Ran untar = processes.run(List.of("tar", "-xzf", tarball.toString(), "-C", opt.toString()),
                    Map.of("PATH", "/usr/bin:/bin"), root);
            assertThat(untar.exit()).as("tar -xzf: %s", untar.err()).isZero();
            Path release = opt.resolve("cangrid-" + VERSION);
            Files.createSymbolicLink(opt.resolve("cangrid"), Path.of(release.getFileName().toString()));
            Path bin = Files.createDirectories(root.resolve("usr/local/bin"));
            Path launcher = Files.createSymbolicLink(bin.resolve("cangrid"), Path.of("../../../opt/cangrid/bin/cangrid"));
            Path noMaven = Files.createDirectories(root.resolve("no-maven"));
            Path mvn = noMaven.resolve("mvn");
            Files.writeString(mvn, "#!/bin/sh\necho \"$@\" >> '" + noMaven.resolve("calls") + "'\nexit 1\n");
            Files.setPosixFilePermissions(mvn, Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE));
            return new Install(root, release, launcher, noMaven);
        }

        Path opt() {
            return root.resolve("opt");
        }

        /** Written by the stand-in {@code mvn}, were it ever run. */
        Path mavenCalls() {
            return noMaven.resolve("calls");
        }

        /** The environment of a process: {@code home} as the JVM's user.home, through CANGRID_JAVA_OPTS. */
        Map<String, String> environment(Path home) {
            Map<String, String> env = new LinkedHashMap<>();
            env.put("PATH", noMaven + ":/usr/local/bin:/usr/bin:/bin");
            env.put("JAVA_HOME", System.getProperty("java.home"));
            env.put("HOME", home.toString());
            env.put("LANG", "C.UTF-8");
            env.put("CANGRID_JAVA_OPTS", "-Duser.home=" + home);
            return env;
        }
    }

    /** Client commands run with the installed launcher, under the grid's secret. */
    record Client(Install install, Processes processes, Path home, Path cwd, Path secret) {

        Ran run(String command, String... args) throws IOException, InterruptedException {
            List<String> line = new ArrayList<>(List.of(install.launcher().toString(), command, "--secret-file",
                    secret.toString()));
            line.addAll(List.of(args));
            return processes.run(line, install.environment(home), cwd);
        }
    }

    /**
     * The command and environment of the unit's {@code ExecStart=} and {@code Environment=} lines as systemd reads
     * them: words split at white space, {@code $NAME} standing for the words of that variable. The unit's absolute
     * paths are mapped by prefix, so that the command runs against the unpacked release.
     */
    record UnitCommand(String execStart, List<String> environment) {

        static UnitCommand read(Path unit) throws IOException {
            List<String> lines = Files.readAllLines(unit, StandardCharsets.UTF_8);
            List<String> exec = lines.stream().filter(l -> l.startsWith("ExecStart=")).toList();
            assertThat(exec).as("one ExecStart= in %s", unit).hasSize(1);
            return new UnitCommand(exec.get(0).substring("ExecStart=".length()), lines.stream()
                    .filter(l -> l.startsWith("Environment=")).map(l -> l.substring("Environment=".length())).toList());
        }

        List<String> command(Map<String, String> paths, Map<String, String> variables) {
            List<String> words = new ArrayList<>();
            for (String word : execStart.trim().split("\\s+")) {
                if (word.startsWith("$")) {
                    String value = variables.get(word.substring(1));
                    assertThat(value).as("the test gives the unit's variable %s", word).isNotNull();
                    words.addAll(List.of(value.trim().split("\\s+")));
                } else {
                    words.add(mapped(word, paths));
                }
            }
            return words;
        }

        Map<String, String> environment(Map<String, String> paths) {
            Map<String, String> env = new LinkedHashMap<>();
            for (String assignment : environment) {
                int eq = assignment.indexOf('=');
                env.put(assignment.substring(0, eq), mapped(assignment.substring(eq + 1), paths));
            }
            return env;
        }

        private static String mapped(String word, Map<String, String> paths) {
            for (Map.Entry<String, String> e : paths.entrySet()) {
                if (word.equals(e.getKey()) || word.startsWith(e.getKey() + "/")) {
                    return e.getValue() + word.substring(e.getKey().length());
                }
            }
            assertThat(word).as("a path of the unit the test does not map").doesNotStartWith("/");
            return word;
        }
    }
}
