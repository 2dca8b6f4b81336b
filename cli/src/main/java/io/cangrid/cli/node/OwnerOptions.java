package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.jobs.OwnerCpu;
import io.cangrid.jobs.OwnerSource;
import io.cangrid.jobs.SessionIdle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The owner's presence read from the machine itself, {@code --idle-for} and {@code --max-owner-cpu}, and the
 * {@code --owner-policy} preset that turns them on. Off by default: on a server or a CI machine other work
 * is no owner to yield to, and such a node would never run a job; a desktop's owner turns them on.
 */
final class OwnerOptions {

    /** BOINC's defaults: "suspend when non-BOINC CPU usage is above 25%", "in use" until 3 minutes idle. */
    static final String BOINC_IDLE_FOR = "3m";
    static final String BOINC_MAX_OWNER_CPU = "25";

    @Option(names = "--idle-for", paramLabel = "DURATION|off", description = "The owner counts as active until"
            + " their login sessions (logind; X11 too where DISPLAY is set and xprintidle is installed) have been"
            + " idle this long, e.g. 3m or 90s; 0 or off: not watched (default: off).")
    String idleFor;

    @Option(names = "--max-owner-cpu", paramLabel = "PCT|off", description = "The owner counts as active while"
            + " the machine's CPU, this node and its jobs not counted, is busier than PCT percent (1-100); off: not"
            + " watched (default: off).")
    String maxOwnerCpu;

    @Option(names = "--owner-policy", paramLabel = "boinc|none", description = "A preset: boinc is BOINC's"
            + " defaults, --max-owner-cpu 25 --idle-for 3m --on-battery pause; options given as well win"
            + " (default: none).")
    String preset;

    /** The idle time to wait for, in ms (0: not watched), from the option or the preset. */
    long idleForMillis() {
        String value = idleFor != null ? idleFor : boinc() ? BOINC_IDLE_FOR : null;
        if (value == null || isOff(value)) {
            return 0;
        }
        try {
            return TimeSpan.parse(value).toMillis();
        } catch (IllegalArgumentException e) {
            throw new UserError("--idle-for " + value + ": expected an idle time such as 90s or 3m, or 0 or off"
                    + " not to watch the sessions");
        }
    }

    /** The owner's largest share of the CPU, in percent (0: not watched), from the option or the preset. */
    int maxOwnerCpuPercent() {
        String value = maxOwnerCpu != null ? maxOwnerCpu : boinc() ? BOINC_MAX_OWNER_CPU : null;
        if (value == null || value.strip().equalsIgnoreCase("off")) {
            return 0;
        }
        String digits = value.strip().endsWith("%") ? value.strip().substring(0, value.strip().length() - 1)
                : value.strip();
        int percent;
        try {
            percent = Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            percent = -1;
        }
        if (percent < 1 || percent > 100) {
            throw new UserError("--max-owner-cpu " + value + ": expected a whole percent from 1 to 100, or off not to"
                    + " watch the owner's CPU");
        }
        return percent;
    }

    private boolean boinc() {
        if (preset == null) {
            return false;
        }
        return switch (preset.strip().toLowerCase(Locale.ROOT)) {
            case "boinc" -> true;
            case "none" -> false;
            default -> throw new UserError("--owner-policy " + preset + ": expected boinc (BOINC's defaults:"
                    + " --max-owner-cpu 25 --idle-for 3m --on-battery pause) or none");
        };
    }

    private static boolean isOff(String value) {
        String v = value.strip();
        return v.equalsIgnoreCase("off") || v.equals("0");
    }

    /** Every value checked, before any source is read: a bad one is refused before the node probes anything. */
    void check() {
        boinc();
        idleForMillis();
        maxOwnerCpuPercent();
    }

    /**
     * The sources these options ask for, each read once now (an unreadable one says so and is not watched), on
     * the live node's clock: epoch milliseconds.
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
