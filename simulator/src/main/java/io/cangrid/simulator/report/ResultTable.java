package io.cangrid.simulator.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The results as a plain-text table for the terminal, followed by each locator's wait ratio to CENTRAL. */
public final class ResultTable {

    private ResultTable() {
    }

    public static String render(SummaryDocument document) {
        boolean withDepartures = document.results().stream().anyMatch(r -> r.departures() != null);
        List<String[]> lines = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("locator", "load"));
        if (withDepartures) {
            header.add("depart");
        }
        header.addAll(List.of("done/jobs", "fail", "nomatch", "lost", "wait s", "p50 s", "p95 s", "p99 s",
                "match s", "hops", "pushed", "queue", "util", "msg/node/s", "growth"));
        lines.add(header.toArray(new String[0]));
        for (ResultRow r : document.results()) {
            List<String> cells = new ArrayList<>(List.of(r.locator(), fixed(r.load(), 2)));
            if (withDepartures) {
                cells.add(percent(r.departures()));
            }
            cells.addAll(List.of(r.completed() + "/" + r.jobs(), Integer.toString(r.failed()),
                    Integer.toString(r.noMatch()), Integer.toString(r.lost()), fixed(r.meanWaitSeconds(), 1),
                    fixed(r.p50WaitSeconds(), 1), fixed(r.p95WaitSeconds(), 1), fixed(r.p99WaitSeconds(), 1),
                    fixed(r.meanMatchmakingSeconds(), 2), fixed(r.meanHops(), 1), percent(r.pushedFraction()),
                    fixed(r.meanQueueAtAssignment(), 2), percent(r.utilisation()),
                    fixed(r.messagesPerNodePerSecond(), 2),
                    fixed(r.waitGrowth(), 2) + (r.stable() ? "" : "!")));
            lines.add(cells.toArray(new String[0]));
        }
        StringBuilder out = new StringBuilder();
        out.append("scenario ").append(document.scenario()).append(", seed ").append(document.seed()).append('\n');
        appendAligned(out, lines);
        out.append('\n').append("mean wait relative to CENTRAL").append(document.bestOracle() == null ? ""
                : " and to the best oracle, " + document.bestOracle()).append(" (sum over runs; growth ! = not stable):")
                .append('\n');
        int width = 12;
        for (LocatorSummary s : document.summary()) {
            width = Math.max(width, s.locator().length());
        }
        for (LocatorSummary s : document.summary()) {
            out.append(String.format(Locale.ROOT, "  %-" + width + "s %8s %8s%s%n", s.locator(),
                    s.waitRatioToCentral() == null ? "-" : fixed(s.waitRatioToCentral(), 2) + "x",
                    s.waitRatioToBestOracle() == null ? "-" : fixed(s.waitRatioToBestOracle(), 2) + "x",
                    s.note() == null ? "" : "  (" + s.note() + ")"));
        }
        return out.toString();
    }

    private static void appendAligned(StringBuilder out, List<String[]> lines) {
        int[] widths = new int[lines.get(0).length];
        for (String[] line : lines) {
            for (int i = 0; i < line.length; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        for (String[] line : lines) {
            StringBuilder row = new StringBuilder();
            for (int i = 0; i < line.length; i++) {
                // The locator reads best left-aligned, numbers right-aligned.
                String format = i == 0 ? "%-" + widths[i] + "s" : "  %" + widths[i] + "s";
                row.append(String.format(Locale.ROOT, format, line[i]));
            }
            out.append(row.toString().stripTrailing()).append('\n');
        }
    }

    private static String fixed(Double value, int decimals) {
        return value == null ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    private static String percent(Double fraction) {
        return fraction == null ? "-" : String.format(Locale.ROOT, "%.0f%%", fraction * 100);
    }
}
