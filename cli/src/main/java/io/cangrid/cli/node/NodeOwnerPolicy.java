package io.cangrid.cli.node;

import io.cangrid.cli.common.UserError;
import io.cangrid.jobs.OwnerPolicy;
import io.cangrid.jobs.OwnerPresence;
import io.cangrid.jobs.OwnerSource;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The owner policy a live node's settings give: {@code policy} is null when nothing is watched;
 * {@code described} is the owner's part of the node's start line either way.
 */
record NodeOwnerPolicy(OwnerPolicy policy, String described) {

    private static final Logger log = LoggerFactory.getLogger("io.cangrid.node");

    /** How often the owner's activity is looked at: a returning owner waits at most this long for the jobs to stop. */
    static final long OWNER_POLL_MILLIS = 500;

    /** Where Linux describes the machine's power supplies. */
    static final Path POWER_SUPPLIES = Path.of("/sys/class/power_supply");

    /** Checks every value, then reads each source the settings ask for once (saying at start what it cannot read). */
    static NodeOwnerPolicy of(OwnerSettings owner) {
        owner.check();
        List<OwnerPresence> sources = new ArrayList<>();
        List<String> described = new ArrayList<>();
        OwnerSettings.Given file = owner.activityFile();
        if (file != null) {
            Path path = parsed(file, () -> Path.of(file.text()));
            sources.add(parsed(file, () -> OwnerPresence.whileFileExists(path)));
            described.add("the owner active while " + path + " exists");
        }
        OwnerSettings.Given hours = owner.runHours();
        if (hours != null) {
            sources.add(parsed(hours, () -> OwnerPresence.outsideHours(hours.text(), ZoneId.systemDefault())));
            described.add("jobs run only " + hours.text() + " local time");
        }
        if (owner.pauseOnBattery()) {
            OwnerPresence battery = parsed(new OwnerSettings.Given("pause", "--on-battery"),
                    () -> OwnerPresence.onBattery(POWER_SUPPLIES));
            if (battery == null) {
                log.info("battery not watched: this machine reports no battery under {}", POWER_SUPPLIES);
            } else {
                sources.add(battery);
                described.add("jobs paused on battery");
            }
        } else {
            described.add("jobs run on battery too");
        }
        for (OwnerSource s : owner.sources()) {
            if (s.warning() != null) {
                log.warn(s.warning()); // once, at start: the owner asked for what this machine cannot tell
            }
            if (s.isWatched()) {
                sources.add(s.presence());
            }
            described.add(s.describe());
        }
        String text = String.join("; ", described);
        OwnerPolicy policy = sources.isEmpty() ? null
                : new OwnerPolicy(OwnerPresence.any(sources), OWNER_POLL_MILLIS, owner.maxSuspensionMillis(), text);
        return new NodeOwnerPolicy(policy, text);
    }

    /** A value's refusal names where it was given: the flag, or the settings key. */
    private static <T> T parsed(OwnerSettings.Given given, Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new UserError(given.source() + ": " + e.getMessage(), e);
        }
    }
}
