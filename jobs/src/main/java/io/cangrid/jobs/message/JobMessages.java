package io.cangrid.jobs.message;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobLoad;
import io.cangrid.jobs.JobOutcome;
import io.cangrid.jobs.JobOutput;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobExpressions;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.MachineAd;
import io.cangrid.jobs.MatchTrace;

/** The job life cycle's wire ids (400–499). */
public final class JobMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(400, SubmitJob.class)
                .register(401, JobSubmitted.class)
                .register(402, ResubmitJob.class)
                .register(403, JobAssign.class)
                .register(404, JobQueued.class)
                .register(405, Heartbeats.class)
                .register(406, HeartbeatAck.class)
                .register(407, OwnerChanged.class)
                .register(408, JobProgress.class)
                .register(409, JobResult.class)
                .register(410, JobDone.class)
                .register(411, JobReturned.class)
                .register(412, OwnershipHandoff.class)
                .register(413, ToOwner.class)
                .register(414, JobLoad.class)
                .register(415, StatusQuery.class)
                .register(416, JobStatusReply.class)
                .register(417, CancelJob.class)
                .register(418, CancelReply.class)
                .register(419, OutcomesKept.class)
                .register(420, StrayOutcomes.class)
                .register(450, JobId.class)
                .register(451, JobId[].class)
                .register(452, JobProfile.class)
                .register(453, JobProfile[].class)
                .register(454, JobSpec.class)
                .register(455, JobState.class)
                .register(456, JobState[].class)
                .register(457, MatchTrace.class)
                .register(458, MatchTrace[].class)
                .register(459, JobCommand.class)
                .register(460, InputFile.class)
                .register(461, InputFile[].class)
                .register(462, JobOutcome.class)
                .register(463, JobOutcome[].class)
                .register(464, JobOutput.class)
                .register(465, JobRefused.class)
                .register(466, FileRef.class)
                .register(467, FileRef[].class)
                .register(468, JobExpressions.class)
                .register(469, MachineAd.class, new MachineAdCodec());
    }
}
