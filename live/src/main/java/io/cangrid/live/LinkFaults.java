package io.cangrid.live;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a node's fault layer does to the messages it sends other nodes (clients are spared), for tests across hosts whose kernel
 * offers no traffic shaping: each message is held {@code delay} ± {@code jitter} (in send order per peer, as a
 * slow link would deliver it: TCP never reorders), dropped with probability {@code loss}, and dropped always
 * when it is for a host in {@code cutTo} (one way: those hosts still reach this node). {@link #NONE} is the
 * default, and a node without a faults file never consults it.
 *
 * <p>Its text form is one {@code key = value} per line, {@code #} comments allowed:
 * {@code delay = 100ms}, {@code jitter = 50ms}, {@code loss = 0.02}, {@code cut-to = 198.18.0.3 198.18.0.4}.
 */
public record LinkFaults(long delayMillis, long jitterMillis, double loss, Set<String> cutTo) {

    public static final LinkFaults NONE = new LinkFaults(0, 0, 0, Set.of());
    /** A delay or jitter above this is a mistake, not a network: a minute. */
    public static final long MAX_DELAY_MILLIS = 60_000;

    public LinkFaults {
        if (delayMillis < 0 || jitterMillis < 0 || delayMillis > MAX_DELAY_MILLIS || jitterMillis > delayMillis) {
            throw new IllegalArgumentException("delay must be 0.." + MAX_DELAY_MILLIS + " ms and jitter 0..delay, were "
                    + delayMillis + " and " + jitterMillis + " ms");
        }
        if (!(loss >= 0 && loss <= 1)) {
            throw new IllegalArgumentException("loss must be a probability 0..1, was " + loss);
        }
        cutTo = Set.copyOf(cutTo);
    }

    public boolean none() {
        return delayMillis == 0 && loss == 0 && cutTo.isEmpty();
    }

    /**
     * Reads the text form.
     *
     * @throws IllegalArgumentException naming the line and what was wrong with it
     */
    public static LinkFaults parse(String text) {
        long delay = 0;
        long jitter = 0;
        double loss = 0;
        Set<String> cut = new LinkedHashSet<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            int hash = line.indexOf('#');
            if (hash >= 0) {
                line = line.substring(0, hash).strip();
            }
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("line " + (i + 1) + ": '" + line + "' is not key = value");
            }
            String key = line.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(eq + 1).strip();
            try {
                switch (key) {
                    case "delay" -> delay = millis(value);
                    case "jitter" -> jitter = millis(value);
                    case "loss" -> loss = Double.parseDouble(value);
                    case "cut-to" -> cut.addAll(hosts(value));
                    default -> throw new IllegalArgumentException("unknown key '" + key
                            + "'; known: delay, jitter, loss, cut-to");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return new LinkFaults(delay, jitter, loss, cut);
    }

    /** {@code 100ms}, {@code 2s} or a bare number of milliseconds. */
    private static long millis(String value) {
        String v = value.toLowerCase(Locale.ROOT);
        try {
            if (v.endsWith("ms")) {
                return Long.parseLong(v.substring(0, v.length() - 2).strip());
            }
            if (v.endsWith("s")) {
                return Duration.ofMillis(Math.round(Double.parseDouble(v.substring(0, v.length() - 1).strip()) * 1000))
                        .toMillis();
            }
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not a duration such as 100ms or 2s", e);
        }
    }

    private static List<String> hosts(String value) {
        List<String> hosts = new ArrayList<>();
        for (String h : value.split("[\\s,]+")) {
            if (!h.isEmpty()) {
                if (!h.matches("[0-9A-Za-z.:\\-\\[\\]]{1,253}")) {
                    throw new IllegalArgumentException("'" + h + "' is not a host name or address");
                }
                hosts.add(h);
            }
        }
        return hosts;
    }

    @Override
    public String toString() {
        return none() ? "no faults" : "delay " + delayMillis + " ± " + jitterMillis + " ms, loss " + loss
                + (cutTo.isEmpty() ? "" : ", cut to " + String.join(" ", cutTo));
    }
}
