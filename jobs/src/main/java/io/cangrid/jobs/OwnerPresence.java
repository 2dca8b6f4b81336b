package io.cangrid.jobs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What keeps a desktop node's machine for its owner now: while any source says so, the node's jobs are
 * suspended and it takes no new ones; after {@link OwnerPolicy#maxSuspensionMillis()} they are vacated (see
 * {@link JobAgent#watchOwner}).
 */
@FunctionalInterface
public interface OwnerPresence {

    /** Why the machine is its owner's at {@code nowMillis} (say, "owner active"), or null when jobs may run. */
    String busy(long nowMillis);

    /** The first of {@code sources} that says the machine is busy. */
    static OwnerPresence any(List<OwnerPresence> sources) {
        List<OwnerPresence> all = List.copyOf(sources);
        return now -> {
            for (OwnerPresence p : all) {
                String why = p.busy(now);
                if (why != null) {
                    return why;
                }
            }
            return null;
        };
    }

    /**
     * The owner is active while {@code file} exists: a source a script, a screen locker's hook, a test or a
     * demo can drive.
     *
     * @throws IllegalArgumentException when the file's directory does not exist, so the file could never appear
     */
    static OwnerPresence whileFileExists(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new IllegalArgumentException("owner activity file " + file + ": its directory " + parent
                    + " does not exist; name a file in an existing directory (the owner is active while it exists)");
        }
        return now -> Files.exists(file) ? "owner active" : null;
    }

    /**
     * Busy outside the daily window {@code window} ("HH:MM-HH:MM", local time; a window past midnight such as
     * 18:00-08:00 wraps).
     *
     * @throws IllegalArgumentException naming the value and the form allowed
     */
    static OwnerPresence outsideHours(String window, ZoneId zone) {
        String[] ends = window == null ? new String[0] : window.split("-", -1);
        LocalTime from;
        LocalTime to;
        try {
            if (ends.length != 2) {
                throw new DateTimeParseException("not two times", String.valueOf(window), 0);
            }
            from = LocalTime.parse(ends[0].strip());
            to = LocalTime.parse(ends[1].strip());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("run hours '" + window + "': expected HH:MM-HH:MM in local time, e.g."
                    + " 18:00-08:00 (past midnight wraps) or 09:00-17:30", e);
        }
        if (from.equals(to)) {
            throw new IllegalArgumentException("run hours '" + window + "' start and end at the same time; leave the"
                    + " option out to run at any hour");
        }
        String why = "outside the run hours " + from + "-" + to;
        return now -> {
            LocalTime t = LocalTime.ofInstant(Instant.ofEpochMilli(now), zone);
            boolean inside = from.isBefore(to) ? !t.isBefore(from) && t.isBefore(to) : !t.isBefore(from) || t.isBefore(to);
            return inside ? null : why;
        };
    }

    /**
     * Busy while the machine runs on battery: it has a battery under {@code powerSupplies} (Linux's
     * {@code /sys/class/power_supply}) and no mains supply online. Null when the machine reports no power
     * supplies at all (a desktop or a server: nothing to watch), which the caller says at start.
     */
    static OwnerPresence onBattery(Path powerSupplies) {
        List<Path> batteries = new ArrayList<>();
        List<Path> mains = new ArrayList<>();
        if (!Files.isDirectory(powerSupplies)) {
            return null;
        }
        try (Stream<Path> supplies = Files.list(powerSupplies)) {
            for (Path s : supplies.toList()) {
                String type = read(s.resolve("type"));
                if ("Battery".equals(type)) {
                    batteries.add(s);
                } else if ("Mains".equals(type) || "USB".equals(type)) {
                    mains.add(s);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + powerSupplies + " (" + e.getMessage() + "); run with"
                    + " --on-battery run to leave the battery unwatched", e);
        }
        if (batteries.isEmpty()) {
            return null;
        }
        return now -> {
            for (Path m : mains) {
                if ("1".equals(read(m.resolve("online")))) {
                    return null;
                }
            }
            return "on battery";
        };
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            return null;
        }
    }
}
