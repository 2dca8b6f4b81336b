package io.cangrid.jobs;

/**
 * How a job got to its run node: hops taken to reach the owner, hops taken by matchmaking after it, whether a
 * pushing locator moved it away from the zone it was matched in, and how many run nodes lost it before (fell
 * silent with no result reaching its owner). It rides in the job's messages so the run node can report it
 * with the assignment, and so that the count of lost runs survives a change of owner.
 */
public record MatchTrace(int routingHops, int matchHops, boolean pushed, int lostRuns) {

    public static final MatchTrace START = new MatchTrace(0, 0, false, 0);

    public MatchTrace {
        if (routingHops < 0 || matchHops < 0 || lostRuns < 0) {
            throw new IllegalArgumentException("hop and run counts are never negative: " + routingHops + ", "
                    + matchHops + ", " + lostRuns);
        }
    }

    public MatchTrace(int routingHops, int matchHops, boolean pushed) {
        this(routingHops, matchHops, pushed, 0);
    }

    /** The same trace, one more run lost. */
    public MatchTrace withLostRun() {
        return new MatchTrace(routingHops, matchHops, pushed, lostRuns + 1);
    }

    public int hops() {
        return routingHops + matchHops;
    }

    public MatchTrace routed(int hops) {
        return new MatchTrace(routingHops + hops, matchHops, pushed, lostRuns);
    }

    public MatchTrace forwarded() {
        return new MatchTrace(routingHops, matchHops + 1, pushed, lostRuns);
    }

    public MatchTrace forwardedByPush() {
        return new MatchTrace(routingHops, matchHops + 1, true, lostRuns);
    }
}
