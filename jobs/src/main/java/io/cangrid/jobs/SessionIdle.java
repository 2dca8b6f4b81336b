package io.cangrid.jobs;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The owner is at the machine unless their login sessions have been idle for {@code idleFor}: what BOINC
 * and HTCondor call "in use". Two readings, the most recent activity of either counting:
 *
 * <ul>
 * <li>logind's idle hint ({@code loginctl show-session}). A graphical session's hint is set by its desktop,
 * after the desktop's own idle delay, and {@code IdleSinceHint} is when it was set: the owner has been away
 * at least that long, so jobs start later than they could, never while the owner types. A text session's
 * {@code IdleSinceHint} is its terminal's last input, whatever the hint says.</li>
 * <li>X11's idle time from {@code xprintidle}, where {@code DISPLAY} is set and it is installed: exact to the
 * millisecond, for a node started from the owner's desktop.</li>
 * </ul>
 *
 * <p>Each reading starts processes, so the sessions are read at most every {@code refreshMillis}; between
 * readings the idle time grows from the last one. A reading that fails leaves the last one standing (a
 * session that ended between listing and showing must not let jobs run while the owner types), and is
 * tried again after {@link #RETRY_MILLIS}, since a command that hangs holds up the node's loop each time.
 */
public final class SessionIdle implements OwnerPresence {

    private static final Logger log = LoggerFactory.getLogger(SessionIdle.class);

    /** Runs a command and returns what it printed; throws when it is missing, fails or takes too long. */
    @FunctionalInterface
    public interface Commands {
        String run(List<String> argv) throws IOException;
    }

    /** How often the sessions are read: a returning owner waits at most this long (plus a poll) for the jobs to stop. */
    public static final long REFRESH_MILLIS = 2_000;
    /** After a failed reading: a loginctl that hangs must not hold up the node's loop every refresh. */
    static final long RETRY_MILLIS = 15_000;
    /** The node's loop waits this long at most for one command. */
    static final long COMMAND_TIMEOUT_MILLIS = 1_000;
    /** Sessions looked at; a machine with more has more than one owner at it, and the first ones tell. */
    static final int MAX_SESSIONS = 64;
    static final int MAX_OUTPUT_BYTES = 64 * 1024;

    /** Where the owner was last seen at the machine: when, and through which session (for the reason). */
    record Activity(long atMillis, String where) {

        static Activity latest(Activity a, Activity b) {
            return a == null ? b : b == null || a.atMillis >= b.atMillis ? a : b;
        }
    }

    private final long idleForMillis;
    private final Commands commands;
    private final boolean logind;
    private final boolean x11;
    private final long refreshMillis;
    private long nextReading;
    private Activity last;
    private boolean failing;

    private SessionIdle(long idleForMillis, Commands commands, boolean logind, boolean x11, long refreshMillis) {
        this.idleForMillis = idleForMillis;
        this.commands = commands;
        this.logind = logind;
        this.x11 = x11;
        this.refreshMillis = refreshMillis;
    }

    /**
     * Watches this machine's sessions: logind through {@code loginctl}, and X11 when {@code DISPLAY} is set and
     * {@code xprintidle} is on the {@code PATH}. Reads them once now, so that a machine that cannot tell is
     * known at start. {@code nowMillis} is the node's clock, epoch milliseconds, as logind's times are.
     */
    public static OwnerSource watch(long idleForMillis, long nowMillis) {
        Map<String, String> env = System.getenv();
        String display = env.get("DISPLAY");
        boolean x11 = display != null && !display.isBlank() && onPath("xprintidle", env.get("PATH"));
        return watch(idleForMillis, SessionIdle::runCommand, x11, REFRESH_MILLIS, nowMillis);
    }

    /**
     * As {@link #watch(long, long)}, with the commands run by {@code commands} and X11 read only when {@code x11}.
     *
     * @throws IllegalArgumentException when {@code idleForMillis} is not positive
     */
    static OwnerSource watch(long idleForMillis, Commands commands, boolean x11, long refreshMillis, long now) {
        if (idleForMillis <= 0) {
            throw new IllegalArgumentException("an idle time to wait for is positive, not " + idleForMillis + " ms");
        }
        SessionIdle probe = new SessionIdle(idleForMillis, commands, true, x11, refreshMillis);
        List<String> problems = new ArrayList<>();
        Activity seen = null;
        boolean logindReads = true;
        try {
            seen = probe.logindActivity(now);
        } catch (IOException e) {
            logindReads = false;
            problems.add(e.getMessage());
        }
        boolean x11Reads = x11;
        if (x11) {
            try {
                seen = Activity.latest(seen, probe.x11Activity(now));
            } catch (IOException e) {
                x11Reads = false;
                problems.add(e.getMessage());
            }
        }
        if (!logindReads && !x11Reads) {
            return OwnerSource.unreadable("idle", String.join("; ", problems));
        }
        SessionIdle idle = new SessionIdle(idleForMillis, commands, logindReads, x11Reads, refreshMillis);
        idle.last = seen;
        idle.nextReading = now + refreshMillis;
        String read = logindReads && x11Reads ? "login sessions and X11" : logindReads ? "login sessions" : "X11";
        String describe = "the owner active until the " + read + " have been idle for " + span(idleForMillis);
        if (seen == null) {
            // A node started at boot comes up before anyone logs in: the sessions that start later are watched.
            String line = "idle: no session with a display or terminal now; the machine counts as idle until one starts";
            return new OwnerSource(idle, describe + " (" + line.substring("idle: ".length()) + ")", line);
        }
        return OwnerSource.watched(idle, describe);
    }

    @Override
    public String busy(long nowMillis) {
        if (nowMillis >= nextReading) {
            read(nowMillis);
        }
        if (last == null) {
            return null;
        }
        long idle = Math.max(0, nowMillis - last.atMillis);
        return idle < idleForMillis ? "owner active (" + last.where + " idle " + span(idle) + " < " + span(idleForMillis)
                + ")" : null;
    }

    private void read(long now) {
        Activity seen = null;
        IOException failure = null;
        int read = 0;
        if (logind) {
            try {
                seen = logindActivity(now);
                read++;
            } catch (IOException e) {
                failure = e;
            }
        }
        if (x11) {
            try {
                seen = Activity.latest(seen, x11Activity(now));
                read++;
            } catch (IOException e) {
                failure = e;
            }
        }
        if (read == 0) {
            if (!failing) {
                log.warn("idle: cannot read the sessions now ({}); the last reading stands, so the machine counts as"
                        + " idle once it is {} old", failure.getMessage(), span(idleForMillis));
            }
            failing = true;
            nextReading = now + Math.max(refreshMillis, RETRY_MILLIS);
            return;
        }
        if (failing) {
            log.info("idle: the sessions read again");
            failing = false;
        }
        last = seen;
        nextReading = now + refreshMillis;
    }

    /** The latest activity in logind's sessions, null when no session tells of one. */
    Activity logindActivity(long now) throws IOException {
        List<String> ids = new ArrayList<>();
        for (String line : commands.run(List.of("loginctl", "list-sessions", "--no-legend", "--no-pager")).split("\n")) {
            String[] columns = line.strip().split("\\s+");
            if (!columns[0].isEmpty() && ids.size() < MAX_SESSIONS) {
                ids.add(columns[0]);
            }
        }
        if (ids.isEmpty()) {
            return null;
        }
        List<String> show = new ArrayList<>(List.of("loginctl", "show-session", "--no-pager"));
        show.addAll(ids);
        show.addAll(List.of("-p", "Id", "-p", "Type", "-p", "Active", "-p", "IdleHint", "-p", "IdleSinceHint"));
        Activity latest = null;
        for (Map<String, String> session : sessions(commands.run(show))) {
            latest = Activity.latest(latest, activity(session, now));
        }
        return latest;
    }

    /** {@code show-session}'s properties, one map per session, each beginning at its {@code Id=} line. */
    static List<Map<String, String>> sessions(String output) {
        List<Map<String, String>> sessions = new ArrayList<>();
        Map<String, String> current = null;
        for (String line : output.split("\n")) {
            int eq = line.indexOf('=');
            if (eq <= 0) {
                continue; // the blank lines between sessions
            }
            String key = line.substring(0, eq).strip();
            if (key.equals("Id") || current == null) {
                if (sessions.size() >= MAX_SESSIONS) {
                    break;
                }
                current = new HashMap<>();
                sessions.add(current);
            }
            current.put(key, line.substring(eq + 1).strip());
        }
        return sessions;
    }

    /**
     * When the owner was last at {@code session}, or null when it does not tell: a session that is not in the
     * foreground of its seat (its owner switched to another), one without a terminal or display (cron, a
     * service manager), a text session whose terminal logind cannot read.
     */
    static Activity activity(Map<String, String> session, long now) {
        String type = session.getOrDefault("Type", "");
        boolean graphical = type.equals("x11") || type.equals("wayland") || type.equals("mir");
        if ((!graphical && !type.equals("tty")) || "no".equals(session.get("Active"))) {
            return null;
        }
        long sinceMillis = micros(session.get("IdleSinceHint")) / 1000;
        boolean idle = "yes".equals(session.get("IdleHint"));
        String where = "session " + session.getOrDefault("Id", "?");
        if (graphical && !idle) {
            return new Activity(now, where); // the desktop says its owner is there
        }
        if (sinceMillis <= 0) {
            return null;
        }
        return new Activity(Math.min(now, sinceMillis), where);
    }

    private static long micros(String value) {
        try {
            return value == null ? 0 : Long.parseLong(value);
        } catch (NumberFormatException e) {
            return 0; // not a time: the session does not tell
        }
    }

    Activity x11Activity(long now) throws IOException {
        String out = commands.run(List.of("xprintidle")).strip();
        String lastLine = out.substring(out.lastIndexOf('\n') + 1).strip();
        try {
            long idle = Long.parseLong(lastLine);
            return new Activity(now - Math.max(0, idle), "X11");
        } catch (NumberFormatException e) {
            throw new IOException("xprintidle printed '" + abbreviate(lastLine) + "', not milliseconds", e);
        }
    }

    /** "12 s", "3 min": whole minutes read as minutes, anything else in seconds. */
    static String span(long millis) {
        long s = millis / 1000;
        return s >= 60 && s % 60 == 0 ? s / 60 + " min" : s + " s";
    }

    /** Whether an executable {@code name} is in one of {@code path}'s directories. */
    static boolean onPath(String name, String path) {
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs {@code argv} with its output in a pipe, for at most {@link #COMMAND_TIMEOUT_MILLIS}. The output is read
     * once it ended: loginctl and xprintidle print far less than a pipe holds, and one that printed more would
     * time out and count as a failed reading.
     */
    static String runCommand(List<String> argv) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        } catch (IOException e) {
            String message = String.valueOf(e.getMessage());
            throw new IOException(message.contains("error=2,") ? argv.get(0) + " not found"
                    : "cannot run " + argv.get(0) + ": " + message, e);
        }
        String command = String.join(" ", argv.subList(0, Math.min(2, argv.size())));
        try {
            p.getOutputStream().close();
            if (!p.waitFor(COMMAND_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException(command + " gave no answer within " + COMMAND_TIMEOUT_MILLIS + " ms");
            }
            String out = new String(p.getInputStream().readNBytes(MAX_OUTPUT_BYTES), StandardCharsets.UTF_8);
            if (p.exitValue() != 0) {
                String said = out.strip();
                throw new IOException(command + " exited " + p.exitValue()
                        + (said.isEmpty() ? "" : ": " + abbreviate(said.substring(said.lastIndexOf('\n') + 1))));
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException(command + " interrupted", e);
        } finally {
            p.getInputStream().close();
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "..." : s;
    }
}
