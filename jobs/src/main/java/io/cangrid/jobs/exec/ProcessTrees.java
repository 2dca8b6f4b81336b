package io.cangrid.jobs.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Killing a process and everything it started, children first found, so none is left reparented. Where a run
 * has neither a cgroup nor a process namespace, its processes are also looked for by session: the run's
 * first process leads a session of its own, and a process that detached from its parent ({@code nohup},
 * a double fork) is still in that session unless it made a new one.
 */
final class ProcessTrees {

    private static final Logger log = LoggerFactory.getLogger(ProcessTrees.class);

    /** How many times the session is swept: each pass ends what forked while the one before was killing. */
    private static final int SWEEPS = 10;

    private ProcessTrees() {
    }

    static void kill(ProcessHandle root, boolean sweepSession) {
        // Snapshot first: once the root dies its children are reparented and no longer its descendants.
        List<ProcessHandle> tree = root.descendants().toList();
        Set<Long> sessions = new HashSet<>();
        if (sweepSession) {
            sessions.add(root.pid());
            tree.forEach(p -> sessions.add(p.pid()));
        }
        root.destroyForcibly();
        for (ProcessHandle p : tree) {
            p.destroyForcibly();
        }
        if (!sessions.isEmpty()) {
            sweep(sessions, ProcessTrees::inSessions,
                    pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    /**
     * Kills the live processes of {@code sessions} until a pass finds none: a process of the run that was
     * forking while it was listed starts a child nobody listed, and the next pass ends it (a killed process
     * cannot fork again). Returns whether the sessions were found empty within {@link #SWEEPS} passes.
     */
    static boolean sweep(Set<Long> sessions, Function<Set<Long>, List<Long>> live, LongConsumer kill) {
        for (int pass = 0; pass < SWEEPS; pass++) {
            List<Long> found = live.apply(sessions);
            if (found.isEmpty()) {
                return true;
            }
            found.forEach(kill::accept);
        }
        if (live.apply(sessions).isEmpty()) {
            return true;
        }
        log.warn("processes of sessions {} were still starting after {} sweeps", sessions, SWEEPS);
        return false;
    }

    /**
     * Sends {@code signal} ({@code STOP} or {@code CONT}) to {@code root} and every process below it, with the
     * system's {@code kill}: Java signals no process but to end it. Returns whether {@code kill} succeeded.
     */
    static boolean signal(ProcessHandle root, String signal) {
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal));
        command.add(Long.toString(root.pid()));
        root.descendants().forEach(p -> command.add(Long.toString(p.pid())));
        try {
            Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
            String said = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            int status = kill.waitFor();
            if (status != 0) {
                // A process that ended meanwhile makes kill fail for it alone; the others got the signal.
                log.debug("kill -{} of the run under {} said: {}", signal, root.pid(), said);
            }
            return status == 0;
        } catch (IOException e) {
            log.warn("cannot send SIG{} to the run under process {}: {}", signal, root.pid(), e.toString());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            log.warn("interrupted sending SIG{} to the run under process {}", signal, root.pid());
            return false;
        }
    }

    /** Live processes (not zombies) whose session is one of {@code sessions} (Linux /proc; none elsewhere). */
    private static List<Long> inSessions(Set<Long> sessions) {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.toList()) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                long session = session(p.resolve("stat"));
                if (sessions.contains(session)) {
                    found.add(Long.parseLong(name));
                }
            }
        } catch (IOException | RuntimeException e) {
            log.debug("cannot look for a run's processes by session: {}", e.toString());
        }
        return found;
    }

    /**
     * Field 6 of /proc/PID/stat, read after the command's closing parenthesis (a command may hold spaces);
     * -1 for a zombie, which is already dead and only waits for its parent.
     */
    private static long session(Path stat) {
        try {
            String s = Files.readString(stat, StandardCharsets.US_ASCII);
            String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
            if (f[0].equals("Z") || f[0].equals("X")) {
                return -1;
            }
            return Long.parseLong(f[3]);
        } catch (IOException | RuntimeException e) {
            return -1; // the process ended meanwhile
        }
    }
}
