package io.cangrid.jobs.gateway;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.jobs.ExplainStep;
import io.cangrid.jobs.JobSpec;

/** Wire ids of the live client protocol for jobs (70–89 of the live runtime's range). */
public final class GatewayMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(70, GridSubmit.class)
                .register(71, GridSubmitted.class)
                .register(72, GridStatus.class)
                .register(73, GridRemove.class)
                .register(74, GridRemoved.class)
                .register(75, GridFollow.class)
                .register(76, GridOutcome.class)
                .register(77, GridCancel.class)
                .register(78, GridJobs.class)
                .register(79, GridJobList.class)
                .register(80, TakenJob.class)
                .register(81, TakenJob[].class)
                .register(82, GridSubmitBatch.class)
                .register(83, GridSubmittedBatch.class)
                .register(84, JobSpec[].class)
                .register(85, GridExplain.class)
                .register(86, GridExplained.class)
                .register(87, ExplainStep.class)
                .register(88, ExplainStep[].class)
                .register(89, GridFollowCheck.class);
    }
}
