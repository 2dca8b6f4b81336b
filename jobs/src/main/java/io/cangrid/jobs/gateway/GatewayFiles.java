package io.cangrid.jobs.gateway;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;

/**
 * The gateway's side of large files: it takes the chunk messages of clients and nodes, keeps the inputs of
 * the jobs it took for as long as it follows them, and fetches the large outputs of their results from the
 * run node, so that the result outlives the run node.
 */
public interface GatewayFiles {

    /** Takes {@code message} when it is about files; false when it is not. */
    boolean receive(NodeId from, Message message);

    /** Why a job of {@code spec} cannot be taken here (its large inputs are not all here), or null. */
    String lacking(JobSpec spec);

    /** Holds what is here of the job's large inputs, for as long as the job is followed. */
    void keepAgain(JobProfile job);

    /**
     * This node follows {@code job} for the node that took it ({@code job.client()}): it fetches a copy of
     * the job's large inputs from there and holds it while it follows the job. Should that node die, this
     * one submits the job again as its client, and the run node fetches the inputs from here.
     */
    void copyInputs(JobProfile job);

    /** The job ended: its inputs need not be held any more. */
    void release(JobId job);

    /** Fetches the large outputs of a result from the node it ran on, and holds them. */
    void pull(JobId job, JobOutput output, NodeId ranOn);

    GatewayFiles NONE = new GatewayFiles() {
        @Override
        public boolean receive(NodeId from, Message message) {
            return false;
        }

        @Override
        public String lacking(JobSpec spec) {
            var command = spec.command();
            return command == null || command.files().length == 0 ? null
                    : "this node does not take jobs with large input files";
        }

        @Override
        public void keepAgain(JobProfile job) {
        }

        @Override
        public void copyInputs(JobProfile job) {
        }

        @Override
        public void release(JobId job) {
        }

        @Override
        public void pull(JobId job, JobOutput output, NodeId ranOn) {
        }
    };
}
