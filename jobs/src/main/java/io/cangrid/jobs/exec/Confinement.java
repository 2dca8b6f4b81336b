package io.cangrid.jobs.exec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How this node confines a run, decided once when it starts from what the operator chose
 * ({@link ExecSettings}) and what the machine offers, and turned into the command line of each run. From the
 * outside in, a run is:
 * <ol>
 * <li>a shell that leaves a watcher behind (below), puts its own pid into the run's cgroup(s), then executes
 * the rest, so that nothing of the job ever runs outside them (the cgroup at the lowest CPU weight where the
 * cpu controller reaches it);</li>
 * <li>{@code nice -n 19}: the lowest scheduling priority, so the machine's owner comes first;</li>
 * <li>{@code setpriv}: dies with the node's watcher thread (a parent-death signal);</li>
 * <li>a process namespace of its own: {@code bwrap} (the sandbox: the file system read-only but the job's
 * directory, a private {@code /tmp}, the node's files hidden, the network cut if asked), else on a root node
 * {@code unshare}; either way every process of the job dies with the namespace's first one;</li>
 * <li>a session and process group of its own ({@code bwrap} makes one, else {@code setsid});</li>
 * <li>on a node running as root, {@code setpriv} again: the job user, no groups, no capabilities, no new
 * privileges (inside the sandbox, which root sets up: the job user could not reach the node's private
 * directories to bind its own);</li>
 * <li>{@code prlimit}: no single file larger than the disk quota;</li>
 * <li>{@code env -i}: exactly the job's environment, given only to the job's program, never to the
 * wrappers, which run before privileges are dropped.</li>
 * </ol>
 * A layer the machine lacks is left out and said so at start (see {@link #describe}).
 *
 * <p>The watcher is why a run never outlives its node, even a node killed with SIGKILL. Parent-death signals
 * alone do not make that sure: the kernel was seen, now and then, to leave a sandbox's first process running
 * when the node's death took the outer {@code bwrap} with it. The watcher holds the read end of a pipe whose
 * other end only the node holds (the run's standard input), outside the run's cgroups and process tree, so it
 * is neither counted in the job's limits nor stopped with it. The node writes one line to it when the run is
 * over; end of file without that line means the node is gone, and the watcher kills every process in the
 * run's cgroups (without cgroups, in the run's process namespace), then the run's first process if it is
 * still the same one.
 */
public final class Confinement {

    private static final Logger log = LoggerFactory.getLogger(Confinement.class);
    private static final long TRIAL_SECONDS = 10;
    /** Node variables a job inherits: where programs are, and the language and time zone of text. */
    static final List<String> INHERITED = List.of("LANG", "LC_ALL", "TZ");
    /**
     * The run's first process. $1: the cgroup.procs files of the run, space-separated (cgroup paths have no white
     * space, see {@link Cgroups}); $2: 1 when the watcher must find the run's process namespace instead (no
     * cgroup: it then kills every process whose /proc/PID/ns/pid is that namespace's); the rest: the command. It starts the watcher (detached twice, so it is in no
     * process tree of the run; handed the pipe as fd 3, since an asynchronous list's standard input is
     * /dev/null), gives the command no standard input, joins the cgroups with its own pid and becomes the
     * command. Field 22 of /proc/PID/stat is a process's start time: the watcher kills the first
     * process by pid only while that pid is still the process it started beside.
     */
    private static final String RUN = "procs=$1; nsw=$2; shift 2; main=$$; start=$(started $main); exec 3<&0\n"
            + "( ( exec >/dev/null 2>&1 </dev/null; trap '' HUP INT TERM QUIT\n"
            + "  ns=; if [ \"$nsw\" = 1 ]; then mine=$(readlink /proc/self/ns/pid); k=0\n"
            + "    while [ -z \"$ns\" ] && [ $k -lt 100 ] && [ \"$(started $main)\" = \"$start\" ]; do\n"
            + "      for d in /proc/[0-9]*; do read -r l < $d/stat 2>/dev/null || continue; set -- $l\n"
            + "        [ \"$4\" = \"$main\" ] || continue; n=$(readlink $d/ns/pid)\n"
            + "        [ -n \"$n\" ] && [ \"$n\" != \"$mine\" ] && ns=$n; done\n"
            + "      [ -z \"$ns\" ] && { sleep 0.1; k=$((k+1)); }; done; fi\n"
            + "  read -r said <&3 && exit 0\n"
            + "  k=0; while [ $k -lt 50 ]; do left=0\n"
            + "    for f in $procs; do for p in $(cat \"$f\"); do kill -9 \"$p\"; left=1; done; done\n"
            + "    [ $left = 0 ] && break; k=$((k+1)); sleep 0.1; done\n"
            + "  if [ -n \"$ns\" ]; then for d in /proc/[0-9]*; do\n"
            + "    [ \"$(readlink $d/ns/pid)\" = \"$ns\" ] && kill -9 ${d#/proc/}; done; fi\n"
            + "  [ \"$(started $main)\" = \"$start\" ] && kill -9 $main\n"
            + ") & )\n"
            + "exec </dev/null 3<&-\n"
            + "for f in $procs; do echo $$ > \"$f\" || exit 125; done\n"
            + "exec \"$@\"";
    /** Prints field 22 (start time) of a process's stat; its command name has no white space here. */
    private static final String STARTED = "started() { set -- $(cat /proc/$1/stat 2>/dev/null) x; shift 21"
            + " 2>/dev/null && echo \"$1\"; }\n";
    /** What the node writes to a run's watcher when the run is over: it need not kill anything. */
    public static final String RUN_OVER = "over\n";

    private final ExecSettings settings;
    private final ProgramPath programs;
    private final Path sh;
    private final Path env;
    private final Path setpriv;
    private final Path bwrap;
    private final Path unshare;
    private final Path prlimit;
    private final Path nice;
    private final Path setsid;
    private final JobUser user;
    private final Cgroups cgroups;

    private Confinement(ExecSettings settings, ProgramPath programs, Path sh, Path env, Path setpriv, Path bwrap,
            Path unshare, Path prlimit, Path setsid, JobUser user, Cgroups cgroups) {
        this.settings = settings;
        this.programs = programs;
        this.sh = sh;
        this.env = env;
        this.setpriv = setpriv;
        this.bwrap = bwrap;
        this.unshare = unshare;
        this.prlimit = prlimit;
        this.nice = find(programs, "nice");
        this.setsid = setsid;
        this.user = user;
        this.cgroups = cgroups;
    }

    /**
     * Decides how runs are confined on this machine.
     *
     * @param nodeKey names this node's cgroups (the same for the same work directory)
     * @throws IllegalArgumentException when a choice of the operator cannot be honoured here, saying why and
     *     what would make it possible
     */
    public static Confinement prepare(ExecSettings settings, String nodeKey) {
        ProgramPath programs = ProgramPath.ofNode();
        Path sh = find(programs, "sh");
        Path env = find(programs, "env");
        if (sh == null || env == null) {
            throw new IllegalArgumentException("this machine has no sh or env on the node's PATH; jobs cannot be started");
        }
        Path setpriv = find(programs, "setpriv");
        Path prlimit = find(programs, "prlimit");
        boolean root = JobUser.currentUid() == 0;
        JobUser user = null;
        if (root && settings.policy().runsAnything()) {
            user = JobUser.lookUp(settings.jobUser() == null ? "nobody" : settings.jobUser());
            if (setpriv == null) {
                throw new IllegalArgumentException("a node running as root runs jobs as " + user.name() + ", which"
                        + " needs setpriv (util-linux) on the node's PATH");
            }
        } else if (settings.jobUser() != null && !root) {
            throw new IllegalArgumentException("--job-user " + settings.jobUser() + " needs the node to run as root;"
                    + " a node that is not root runs jobs as its own user");
        }
        Path bwrap = null;
        if (settings.sandbox() != SandboxMode.NONE && settings.policy().runsAnything()) {
            Path candidate = find(programs, "bwrap");
            String why = candidate == null ? "bubblewrap is not installed (Debian: apt-get install bubblewrap)"
                    : trial(List.of(candidate.toString(), "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                            "--unshare-pid", "--die-with-parent", "--", "true"));
            if (why == null) {
                bwrap = candidate;
            } else if (settings.sandbox() == SandboxMode.BWRAP) {
                throw new IllegalArgumentException("--sandbox bwrap: " + why);
            } else {
                log.warn("jobs run without a sandbox: {}", why);
            }
        }
        Path unshare = null;
        if (bwrap == null && root && settings.policy().runsAnything()) {
            Path candidate = find(programs, "unshare");
            if (candidate != null && trial(List.of(candidate.toString(), "--pid", "--net", "--fork", "--kill-child",
                    "--", "true")) == null) {
                unshare = candidate;
            }
        }
        if (!settings.network() && bwrap == null && unshare == null && settings.policy().runsAnything()) {
            throw new IllegalArgumentException("--job-network none needs bubblewrap (apt-get install bubblewrap) or a"
                    + " node running as root");
        }
        Cgroups cgroups = settings.policy().runsAnything() ? Cgroups.detect(nodeKey) : Cgroups.none();
        if (settings.limits().memoryBytes() > 0 && !cgroups.limitsMemory() && settings.policy().runsAnything()) {
            log.warn("jobs' memory is not limited: no memory cgroup this node may use ({})", cgroups.describe());
        }
        return new Confinement(settings, programs, sh, env, setpriv, bwrap, unshare, prlimit, find(programs, "setsid"),
                user, cgroups);
    }

    private static Path find(ProgramPath programs, String name) {
        try {
            return programs.resolve(name);
        } catch (ExecRefusal e) {
            return null;
        }
    }

    /** Runs {@code command}; null when it exits 0, else why not. */
    private static String trial(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readNBytes(4096), StandardCharsets.UTF_8).strip();
            }
            if (!p.waitFor(TRIAL_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return command.get(0) + " did not finish a trial run within " + TRIAL_SECONDS + " s";
            }
            return p.exitValue() == 0 ? null : command.get(0) + " cannot run here: " + (out.isEmpty() ? "exit "
                    + p.exitValue() : out.lines().findFirst().orElse(""));
        } catch (IOException e) {
            return "cannot start " + command.get(0) + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** Becomes the job user for good; the parent-death signal is set again, as a change of user clears it. */
    private static List<String> dropTo(Path setpriv, JobUser user) {
        return List.of(setpriv.toString(), "--reuid=" + user.uid(), "--regid=" + user.gid(), "--clear-groups",
                "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--pdeathsig=KILL", "--");
    }

    public ExecSettings settings() {
        return settings;
    }

    public ProgramPath programs() {
        return programs;
    }

    /** The user jobs run as, or null when they run as the node's own user. */
    public JobUser user() {
        return user;
    }

    public boolean sandboxed() {
        return bwrap != null;
    }

    public Cgroups cgroups() {
        return cgroups;
    }

    /** Whether every process of a run ends when its first one does (a process namespace). */
    public boolean ownsProcessTree() {
        return bwrap != null || unshare != null;
    }

    /** The environment the job's program gets: the inherited few, where it is, then the job's own variables. */
    public Map<String, String> environment(String jobId, Path work, String[] jobVariables) {
        Map<String, String> e = new LinkedHashMap<>();
        e.put("PATH", programs.value());
        for (String name : INHERITED) {
            String v = System.getenv(name);
            if (v != null) {
                e.put(name, v);
            }
        }
        e.put("HOME", work.toString());
        e.put("TMPDIR", "/tmp");
        e.put("CANGRID_JOB", jobId);
        for (String entry : jobVariables) {
            int eq = entry.indexOf('=');
            e.put(entry.substring(0, eq), entry.substring(eq + 1));
        }
        return e;
    }

    /**
     * The command line of one run.
     *
     * @param work    the job's directory, its working directory
     * @param program the real path of the job's program (checked by the policy)
     * @param cgroup  the run's cgroup, or null
     */
    public List<String> command(Path work, Path program, List<String> args, Map<String, String> environment,
            JobCgroup cgroup) {
        List<String> c = new ArrayList<>();
        List<String> procs = cgroup == null ? List.of() : cgroup.procsFiles().stream().map(Path::toString).toList();
        // Without a cgroup, the watcher finds the run's process namespace (a child of the run's first process,
        // found by its parent in /proc/PID/stat, lives in it) and ends it by killing every process in it.
        String watchNamespace = procs.isEmpty() && ownsProcessTree() ? "1" : "0";
        c.addAll(List.of(sh.toString(), "-c", STARTED + RUN, "cangrid-run", String.join(" ", procs), watchNamespace));
        if (nice != null) {
            c.addAll(List.of(nice.toString(), "-n", "19"));
        }
        if (setpriv != null) {
            c.addAll(List.of(setpriv.toString(), "--pdeathsig=KILL", "--"));
        }
        if (bwrap != null) {
            c.addAll(bwrapArguments(work));
        } else if (unshare != null) {
            c.addAll(List.of(unshare.toString(), "--pid", "--fork", "--kill-child"));
            if (!settings.network()) {
                c.add("--net");
            }
            c.add("--");
        }
        if (bwrap == null && setsid != null) {
            // A session and process group of its own (bwrap makes one itself): no terminal of the node's, and
            // where nothing else holds the run's processes together, the session lets them be found.
            c.addAll(List.of(setsid.toString(), "--wait", "--"));
        }
        if (user != null) {
            c.addAll(dropTo(setpriv, user));
        }
        if (prlimit != null) {
            long fsize = settings.limits().diskBytes();
            c.addAll(List.of(prlimit.toString(), "--fsize=" + fsize + ":" + fsize, "--"));
        }
        c.add(env.toString());
        c.add("-i");
        environment.forEach((k, v) -> c.add(k + "=" + v));
        c.add(program.toString());
        c.addAll(args);
        return c;
    }

    private List<String> bwrapArguments(Path work) {
        List<String> b = new ArrayList<>(List.of(bwrap.toString(), "--die-with-parent", "--new-session",
                "--unshare-pid", "--unshare-ipc", "--unshare-uts", "--ro-bind", "/", "/", "--dev", "/dev",
                "--proc", "/proc", "--perms", "1777", "--tmpfs", "/tmp"));
        if (!settings.network()) {
            b.add("--unshare-net");
        }
        List<Path> hidden = new ArrayList<>();
        for (Path p : settings.hidden()) {
            Path a = p.toAbsolutePath().normalize();
            if (Files.exists(a)) {
                hidden.add(a);
            }
        }
        hidden.sort(Comparator.comparingInt(Path::getNameCount));
        List<Path> hiddenDirs = new ArrayList<>(List.of(Path.of("/tmp")));
        for (Path h : hidden) {
            if (hiddenDirs.stream().anyMatch(h::startsWith)) {
                continue; // already out of sight
            }
            if (Files.isDirectory(h)) {
                b.addAll(List.of("--tmpfs", h.toString()));
                hiddenDirs.add(h);
            } else {
                b.addAll(List.of("--ro-bind", "/dev/null", h.toString()));
            }
        }
        b.addAll(List.of("--bind", work.toString(), work.toString(), "--chdir", work.toString(), "--"));
        return b;
    }

    /** One line for the node's log: how its jobs are confined. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        parts.add(bwrap != null ? "in a bubblewrap sandbox" + (settings.network() ? "" : " without network")
                : "without a sandbox" + (unshare != null ? " (own process namespace" + (settings.network() ? ")"
                        : ", no network)") : ""));
        parts.add(user != null ? "as user " + user : "as this node's user");
        parts.add(nice != null ? "at nice 19" : "at normal priority (no nice on the node's PATH)");
        parts.add(cgroups.describe());
        parts.add("memory " + (settings.limits().memoryBytes() > 0 && cgroups.limitsMemory()
                ? (settings.limits().memoryBytes() >> 20) + " MiB" : "not limited"));
        parts.add("disk " + (settings.limits().diskBytes() >> 20) + " MiB");
        parts.add("job variables " + settings.env());
        return String.join(", ", parts);
    }
}
