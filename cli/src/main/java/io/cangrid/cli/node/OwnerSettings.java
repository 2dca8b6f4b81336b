package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.jobs.OwnerCpu;
import io.cangrid.jobs.OwnerSource;
import io.cangrid.jobs.SessionIdle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The owner policy's values, each from its flag, else from the node's settings ({@code owner.*} keys of
 * {@code --config} and {@code --set}), else from the preset ({@code --owner-policy} or {@code owner.policy}), else
 * its default. Every value is parsed here alone, so a flag and a key are refused alike, in one line naming what
 * the user wrote. Idle time and CPU are off by default: on a server or a CI machine other work is no owner to
 * yield to, and such a node would never run a job; a desktop's owner turns them on.
 */
final class OwnerSettings {

    static final String POLICY = "owner.policy";
    static final String ACTIVITY_FILE = "owner.activity-file";
    static final String RUN_HOURS = "owner.run-hours";
    static final String ON_BATTERY = "owner.on-battery";
    static final String MAX_SUSPENSION = "owner.max-suspension";
    static final String IDLE_FOR = "owner.idle-for";
    static final String MAX_CPU = "owner.max-cpu";
    /** The settings file's keys for the owner policy. */
    static final Set<String> KEYS = Set.of(POLICY, ACTIVITY_FILE, RUN_HOURS, ON_BATTERY, MAX_SUSPENSION, IDLE_FOR,
            MAX_CPU);

    /** BOINC's defaults: "suspend when non-BOINC CPU usage is above 25%", "in use" until 3 minutes idle. */
    static final String BOINC_IDLE_FOR = "3m";
    static final String BOINC_MAX_OWNER_CPU = "25";
    /** As {@link io.cangrid.jobs.OwnerPolicy#DEFAULT_MAX_SUSPENSION_MILLIS}: BOINC's and HTCondor's agents' wait. */
    static final String DEFAULT_MAX_SUSPENSION = "10m";

    /** A value and where it was given (a flag or a settings key), so that an error names what the user wrote. */
    record Given(String text, String source) {

        String said() {
            return source.startsWith("--") ? source + " " + text : source + " = " + text;
        }
    }

    private final OwnerOptions flags;
    private final Map<String, String> file;

    /** {@code file}: the settings' {@code owner.*} values as written, a key absent when not set. */
    OwnerSettings(OwnerOptions flags, Map<String, String> file) {
        this.flags = flags;
        this.file = Map.copyOf(file);
    }

    /** The flag when given, else the settings' key, else null. */
    private Given given(String flag, String flagName, String key) {
        if (flag != null) {
            return new Given(flag, flagName);
        }
        String value = file.get(key);
        return value == null ? null : new Given(value, key);
    }

    /** As {@link #given}, and else the boinc preset's value when the preset is on. */
    private Given givenOrPreset(String flag, String flagName, String key, String boincValue) {
        Given g = given(flag, flagName, key);
        return g == null && boinc() ? new Given(boincValue, "--owner-policy boinc") : g;
    }

    /** The owner activity file, or null. */
    Given activityFile() {
        return given(flags.activityFile, "--owner-activity-file", ACTIVITY_FILE);
    }

    /** The daily window jobs run in, or null for any hour. */
    Given runHours() {
        return given(flags.runHours, "--run-hours", RUN_HOURS);
    }

    /** Whether jobs pause while the machine runs on battery (the default, and the boinc preset's too). */
    boolean pauseOnBattery() {
        Given g = given(flags.onBattery, "--on-battery", ON_BATTERY);
        if (g == null) {
            return true;
        }
        return switch (g.text().strip()) {
            case "pause" -> true;
            case "run" -> false;
            default -> throw new UserError(g.said() + ": expected pause or run");
        };
    }

    /** How long a job stays suspended before it is vacated, in ms. */
    long maxSuspensionMillis() {
        Given g = given(flags.maxSuspension, "--max-suspension", MAX_SUSPENSION);
        String value = g == null ? DEFAULT_MAX_SUSPENSION : g.text();
        try {
            return TimeSpan.parse(value).toMillis();
        } catch (IllegalArgumentException e) {
            throw new UserError(g.said() + ": expected how long a job stays suspended before it is vacated, a"
                    + " duration such as 90s, 10m or 1h", e);
        }
    }

    /** The idle time to wait for, in ms (0: not watched). */
    long idleForMillis() {
        Given g = givenOrPreset(flags.idleFor, "--idle-for", IDLE_FOR, BOINC_IDLE_FOR);
        if (g == null || isOff(g.text())) {
            return 0;
        }
        try {
            return TimeSpan.parse(g.text()).toMillis();
        } catch (IllegalArgumentException e) {
            throw new UserError(g.said() + ": expected an idle time such as 90s or 3m, or 0 or off not to watch the"
                    + " sessions", e);
        }
    }

    /** The owner's largest share of the CPU, in percent (0: not watched). */
    int maxOwnerCpuPercent() {
        Given g = givenOrPreset(flags.maxOwnerCpu, "--max-owner-cpu", MAX_CPU, BOINC_MAX_OWNER_CPU);
        if (g == null || g.text().strip().equalsIgnoreCase("off")) {
            return 0;
        }
        String value = g.text().strip();
        String digits = value.endsWith("%") ? value.substring(0, value.length() - 1) : value;
        int percent;
        try {
            percent = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            percent = -1;
        }
        if (percent < 1 || percent > 100) {
            throw new UserError(g.said() + ": expected a whole percent from 1 to 100, or off not to watch the owner's"
                    + " CPU");
        }
        return percent;
    }

    private boolean boinc() {
        Given g = given(flags.preset, "--owner-policy", POLICY);
        if (g == null) {
            return false;
        }
        return switch (g.text().strip().toLowerCase(Locale.ROOT)) {
            case "boinc" -> true;
            case "none" -> false;
            default -> throw new UserError(g.said() + ": expected boinc (BOINC's defaults: --max-owner-cpu 25"
                    + " --idle-for 3m --on-battery pause) or none");
        };
    }

    private static boolean isOff(String value) {
        String v = value.strip();
        return v.equalsIgnoreCase("off") || v.equals("0");
    }

    /**
     * Every value that needs no file or clock checked, before any source is read: a bad one is refused before the
     * node probes anything.
     */
    void check() {
        boinc();
        idleForMillis();
        maxOwnerCpuPercent();
        pauseOnBattery();
        maxSuspensionMillis();
    }

    /**
     * The machine's own sources these settings ask for (idle time, CPU), each read once now (an unreadable one
     * says so and is not watched), on the live node's clock: epoch milliseconds.
     */
    List<OwnerSource> sources() {
        check();
        List<OwnerSource> sources = new ArrayList<>();
        long idle = idleForMillis();
        if (idle > 0) {
            sources.add(SessionIdle.watch(idle, System.currentTimeMillis()));
        }
        int cpu = maxOwnerCpuPercent();
        if (cpu > 0) {
            sources.add(OwnerCpu.watch(cpu, System.currentTimeMillis()));
        }
        return sources;
    }
}
