package io.cangrid.overlay.job;

/**
 * How a job got to its run node: hops taken to reach the owner, hops taken by matchmaking after it, and
 * whether a pushing locator moved it away from the zone it was matched in. It rides in the job's messages
 * so the run node can report it with the assignment.
 */
public record MatchTrace(int routingHops, int matchHops, boolean pushed) {

    public static final MatchTrace START = new MatchTrace(0, 0, false);

    public MatchTrace {
        if (routingHops < 0 || matchHops < 0) {
            throw new IllegalArgumentException("hop counts are never negative: " + routingHops + ", " + matchHops);
        }
    }

    public int hops() {
        return routingHops + matchHops;
    }

    public MatchTrace routed(int hops) {
        return new MatchTrace(routingHops + hops, matchHops, pushed);
    }

    public MatchTrace forwarded() {
        return new MatchTrace(routingHops, matchHops + 1, pushed);
    }

    public MatchTrace forwardedByPush() {
        return new MatchTrace(routingHops, matchHops + 1, true);
    }
}
