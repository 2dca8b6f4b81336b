package io.cangrid.cli.submit;

import java.nio.file.Files;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.ExprSyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads an HTCondor submit description file and expands it into the jobs it queues, checking everything
 * it can without a grid: each {@code queue} statement takes the commands as they stand at that point, as in
 * HTCondor, so one file may queue several kinds of job. As in HTCondor, the jobs form one cluster until a
 * {@code queue} statement finds {@code executable} changed, which starts the next one; a dry run numbers
 * the first cluster {@link #FIRST_CLUSTER}, and each cluster's process numbers count from 0.
 *
 * <p>A line is a comment, a {@code queue} statement or {@code name = value}. A name is one of the commands
 * cangrid understands ({@link #COMMANDS}), or a macro of the file's own, which is then used somewhere as
 * {@code $(name)}. Any other name is refused: an HTCondor command cangrid does not support would otherwise
 * be silently dropped, and a misspelt command (an {@code argumnets} no one uses) would be lost.
 */
public final class SubmitFile {

    /** The number of a dry run's first cluster (a real one would have the next number the grid gives). */
    public static final int FIRST_CLUSTER = 1;

    /** The most cores a job may ask. */
    public static final int MAX_CPUS = 1024;

    /** The commands cangrid understands. */
    public static final Set<String> COMMANDS = Set.of("universe", "executable", "arguments", "environment",
            "transfer_input_files", "transfer_output_files", "request_cpus", "request_memory", "request_disk",
            "output", "error", "log", "initialdir", "should_transfer_files", "when_to_transfer_output",
            "requirements", "rank");

    /**
     * HTCondor commands a submit file is likely to hold and cangrid does not support, so that the refusal
     * says so rather than calling them unknown.
     */
    private static final Set<String> UNSUPPORTED = Set.of("input", "getenv", "notification", "notify_user", "transfer_executable", "priority", "hold", "periodic_remove",
            "periodic_hold", "periodic_release", "on_exit_remove", "on_exit_hold", "max_retries", "retry_until",
            "request_gpus", "docker_image", "container_image", "stream_output", "stream_error", "batch_name",
            "jobbatchname", "accounting_group", "accounting_group_user", "concurrency_limits",
            "job_lease_duration", "leave_in_queue", "max_materialize", "max_idle", "next_job_start_delay",
            "copy_to_spool", "image_size", "nice_user", "output_destination", "transfer_output_remaps",
            "transfer_plugins", "kill_sig", "encrypt_input_files", "encrypt_output_files", "run_as_owner",
            "load_profile", "coresize", "deferral_time", "cron_minute", "cron_hour", "allowed_job_duration",
            "job_max_vacate_time", "x509userproxy", "use_x509userproxy", "initial_dir", "args", "env",
            "include", "if", "elif", "else", "endif", "error_on_exit");

    private final Path file;
    private final Path baseDir;
    private final Map<String, Macros.Definition> definitions = new HashMap<>();
    private final List<ExpandedJob> jobs = new ArrayList<>();
    private int cluster;
    private int process;
    /** The executable as written at the last queue statement, to tell when a new cluster starts. */
    private String clusterExecutable;

    private SubmitFile(Path file, int firstCluster) {
        this.file = file;
        this.cluster = firstCluster - 1;
        Path parent = file.toAbsolutePath().getParent();
        this.baseDir = parent == null ? Path.of("") : parent;
    }

    /** The jobs {@code file} queues; a {@link SubmitFileException} names the file, line and problem. */
    public static List<ExpandedJob> expand(Path file) {
        return expand(file, FIRST_CLUSTER);
    }

    /** The jobs {@code file} queues, its first cluster numbered {@code firstCluster} ($(Cluster) expands to it). */
    public static List<ExpandedJob> expand(Path file, int firstCluster) {
        if (!Files.isRegularFile(file)) {
            throw new SubmitFileException(file, 0, "the submit file does not exist");
        }
        SubmitFile submit = new SubmitFile(file, firstCluster);
        submit.read(SubmitLines.read(file));
        return List.copyOf(submit.jobs);
    }

    private SubmitFileException fail(int line, String problem) {
        return new SubmitFileException(file, line, problem);
    }

    private void read(List<SourceLine> lines) {
        Set<String> referenced = references(lines);
        Iterator<SourceLine> it = lines.iterator();
        while (it.hasNext()) {
            SourceLine line = it.next();
            if (isQueue(line.text())) {
                queue(line, it);
            } else {
                define(line, referenced);
            }
        }
        if (jobs.isEmpty()) {
            int last = lines.isEmpty() ? 0 : lines.get(lines.size() - 1).number();
            throw fail(last, "no queue statement: the file queues no jobs (end it with `queue`)");
        }
    }

    /** The names the file uses as macros; also checks the macro syntax of every line, where it is. */
    private Set<String> references(List<SourceLine> lines) {
        Set<String> names = new HashSet<>();
        for (SourceLine line : lines) {
            try {
                names.addAll(Macros.references(line.text()));
            } catch (IllegalArgumentException e) {
                throw new SubmitFileException(file, line.number(), e.getMessage(), e);
            }
        }
        return names;
    }

    private static boolean isQueue(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.equals("queue") || lower.startsWith("queue") && Character.isWhitespace(lower.charAt(5))
                && !lower.substring(5).strip().startsWith("=");
    }

    private void define(SourceLine line, Set<String> referenced) {
        String text = line.text();
        int eq = text.indexOf('=');
        String name = eq < 0 ? firstWord(text) : text.substring(0, eq).strip();
        String lower = name.toLowerCase(Locale.ROOT);
        if (name.startsWith("+") || lower.startsWith("my.")) {
            throw fail(line.number(), "`" + name + "`: custom job attributes (+Name, MY.Name) are not supported");
        }
        if (lower.equals("queue")) {
            throw fail(line.number(), "`queue` is a statement, not a command: write `queue` or `queue N`, without =");
        }
        if (UNSUPPORTED.contains(lower)) {
            throw fail(line.number(), "`" + name + "` is an HTCondor command cangrid does not support");
        }
        if (eq < 0) {
            throw fail(line.number(), "`" + name + "` is not a command: a line is `name = value` or `queue ...`");
        }
        if (name.isEmpty() || !name.chars().allMatch(c -> Macros.isNameChar((char) c))) {
            throw fail(line.number(), "`" + name + "` is not a command or macro name");
        }
        if (!COMMANDS.contains(lower) && !referenced.contains(lower)) {
            throw fail(line.number(), "unknown command `" + name + "` (neither a command cangrid supports nor a"
                    + " macro the file uses as $(" + name + "))");
        }
        definitions.put(lower, new Macros.Definition(name, text.substring(eq + 1).strip(), line.number()));
    }

    private static String firstWord(String text) {
        String[] words = text.strip().split("\\s+", 2);
        return words[0];
    }

    private void queue(SourceLine line, Iterator<SourceLine> following) {
        Map<String, Macros.Definition> now = Map.copyOf(definitions);
        String rest;
        try {
            rest = new Macros(now, Map.of()).expand(line.text().substring("queue".length()));
        } catch (IllegalArgumentException e) {
            throw new SubmitFileException(file, line.number(), "queue: " + e.getMessage(), e);
        }
        QueueStatement statement = QueueStatement.parse(file, line, rest, following, baseDir);
        Macros.Definition executable = now.get("executable");
        String written = executable == null ? null : executable.value();
        if (jobs.isEmpty() || !Objects.equals(written, clusterExecutable)) {
            cluster++;
            process = 0;
            clusterExecutable = written;
        }
        for (Map<String, String> variables : statement.jobVariables()) {
            Map<String, String> vars = new HashMap<>(variables);
            vars.put("process", Integer.toString(process));
            vars.put("procid", Integer.toString(process));
            vars.put("cluster", Integer.toString(cluster));
            vars.put("clusterid", Integer.toString(cluster));
            jobs.add(new JobBuilder(now, new Macros(now, vars), line).build(cluster, process));
            process++;
        }
    }

    /** One job from the commands as they stand at its queue statement. */
    private final class JobBuilder {

        private final Map<String, Macros.Definition> commands;
        private final Macros macros;
        private final SourceLine queueLine;

        JobBuilder(Map<String, Macros.Definition> commands, Macros macros, SourceLine queueLine) {
            this.commands = commands;
            this.macros = macros;
            this.queueLine = queueLine;
        }

        /** The expanded value of {@code command}, or null if the file does not set it. */
        private String value(String command) {
            Macros.Definition d = commands.get(command);
            if (d == null) {
                return null;
            }
            try {
                return macros.expand(d.value());
            } catch (IllegalArgumentException e) {
                throw new SubmitFileException(file, d.line(), d.name() + ": " + e.getMessage(), e);
            }
        }

        private int line(String command) {
            return commands.get(command).line();
        }

        ExpandedJob build(int cluster, int process) {
            String universe = value("universe");
            if (universe != null && !universe.equalsIgnoreCase("vanilla")) {
                throw fail(line("universe"), "universe `" + universe + "` is not supported: cangrid runs vanilla"
                        + " jobs only");
            }
            String executable = value("executable");
            if (executable == null || executable.isEmpty()) {
                throw fail(queueLine.number(), "queue: no executable (set `executable = PROGRAM` before queue)");
            }
            checkChoice("should_transfer_files", "YES", "NO", "IF_NEEDED");
            checkChoice("when_to_transfer_output", "ON_EXIT", "ON_EXIT_OR_EVICT");
            String initialdir = value("initialdir");
            Path dir = baseDir;
            if (initialdir != null) {
                dir = baseDir.resolve(initialdir);
                if (!Files.isDirectory(dir)) {
                    throw fail(line("initialdir"), "initialdir `" + initialdir + "` is not a directory (looked for "
                            + dir + ")");
                }
            }
            List<String> inputs = fileList("transfer_input_files");
            for (String input : inputs) {
                if (!Files.exists(dir.resolve(input))) {
                    throw fail(line("transfer_input_files"), "input file `" + input + "` does not exist (looked in "
                            + dir + ")");
                }
            }
            return new ExpandedJob(cluster, process, executable, parsed("arguments", Arguments::parse, List.of()),
                    parsed("environment", Environment::parse, Map.of()), inputs, fileList("transfer_output_files"),
                    cpus(), parsed("request_memory", Sizes::mebibytes, null),
                    parsed("request_disk", Sizes::kibibytes, null), value("output"), value("error"), value("log"),
                    initialdir, dir.toAbsolutePath().normalize(), lines(), expression("requirements"),
                    expression("rank"));
        }

        /** A requirements or rank expression, checked as the file is read: a malformed one names line and column. */
        private String expression(String command) {
            String v = value(command);
            if (v != null) {
                try {
                    Expr.parse(v);
                } catch (ExprSyntaxException e) {
                    throw fail(line(command), command + ": " + e.oneLine());
                }
            }
            return v;
        }

        private Map<String, Integer> lines() {
            Map<String, Integer> lines = new HashMap<>();
            commands.forEach((name, d) -> lines.put(name, d.line()));
            lines.put("queue", queueLine.number());
            return Map.copyOf(lines);
        }

        private <T> T parsed(String command, Function<String, T> parse, T absent) {
            String v = value(command);
            if (v == null) {
                return absent;
            }
            try {
                return parse.apply(v);
            } catch (IllegalArgumentException e) {
                throw new SubmitFileException(file, line(command), command + ": " + e.getMessage(), e);
            }
        }

        private void checkChoice(String command, String... choices) {
            String v = value(command);
            if (v != null && !List.of(choices).contains(v.toUpperCase(Locale.ROOT))) {
                throw fail(line(command), command + " = " + v + ": expected one of " + String.join(", ", choices));
            }
        }

        /** A comma-separated list of file names; empty if the command is not set. */
        private List<String> fileList(String command) {
            String v = value(command);
            List<String> names = new ArrayList<>();
            if (v != null) {
                for (String name : v.split(",")) {
                    if (!name.isBlank()) {
                        names.add(name.strip());
                    }
                }
            }
            return names;
        }

        private int cpus() {
            String v = value("request_cpus");
            if (v == null) {
                return 1;
            }
            int cpus;
            try {
                cpus = Integer.parseInt(v.strip());
            } catch (NumberFormatException e) {
                throw new SubmitFileException(file, line("request_cpus"), "request_cpus = " + v
                        + ": expected a whole number of cores (expressions are not supported)", e);
            }
            if (cpus < 1 || cpus > MAX_CPUS) {
                throw fail(line("request_cpus"), "request_cpus = " + cpus + ": a job asks 1 to " + MAX_CPUS + " cores");
            }
            return cpus;
        }
    }
}
