package io.cangrid.load.push;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.jobs.JobProfile;

/**
 * CAN-PX's search on behalf of a job already waiting in a queue: nearest first through the job's upper
 * orthant, like {@link FreeSearch}, for a free capable node to move the job to. It never dispatches; a
 * node that sees a free capable neighbour tells the queue's node, which moves the job if it still waits.
 *
 * @param waitingAt the node whose queue holds the job
 * @param budget    how many nodes this search may visit (it grows while the job keeps waiting)
 */
public record WaitingSearch(JobProfile profile, NodeId waitingAt, NodeId[] visited, NodeId[] frontier,
        double[] distances, int budget) implements Message {
}
