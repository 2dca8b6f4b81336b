package io.cangrid.gangs;

import io.cangrid.overlay.ad.Value;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One round of gangmatching (the paper's outer loop): the roots sorted by priority ({@code JobPrio}, higher
 * first, then {@code QDate}, earlier first, then the order given), each in turn given the first consistent
 * gang the search finds, and every ad matched consumed, so that no ad is in two gangs.
 */
public final class GangMatchmaker {

    /** What a round made: the gangs in the order they formed, the roots left without one, the effort spent. */
    public record Round(List<Gang> gangs, List<GangAd> unmatched, Effort effort) {
    }

    private final GangSearch search;
    private final long dayTimeSeconds;

    public GangMatchmaker(GangSearch search, long dayTimeSeconds) {
        this.search = search;
        this.dayTimeSeconds = dayTimeSeconds;
    }

    public Round round(List<GangAd> roots, Pool pool) {
        Effort effort = new Effort();
        List<Gang> gangs = new ArrayList<>();
        List<GangAd> unmatched = new ArrayList<>();
        for (GangAd root : byPriority(roots)) {
            Gang gang = search.find(root, pool, dayTimeSeconds, effort);
            if (gang == null) {
                unmatched.add(root);
                continue;
            }
            gangs.add(gang);
            for (GangAd member : gang.members()) {
                pool.consume(member);
            }
        }
        return new Round(List.copyOf(gangs), List.copyOf(unmatched), effort);
    }

    static List<GangAd> byPriority(List<GangAd> roots) {
        List<GangAd> sorted = new ArrayList<>(roots);
        sorted.sort(Comparator.comparingDouble((GangAd r) -> -number(r, "JobPrio", 0))
                .thenComparingDouble(r -> number(r, "QDate", Double.MAX_VALUE)));
        return sorted;
    }

    private static double number(GangAd ad, String name, double otherwise) {
        Value v = ad.ad().evaluate(name);
        Double n = v.number();
        return n == null || n.isNaN() ? otherwise : n;
    }
}
