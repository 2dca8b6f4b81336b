package io.cangrid.jobs.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobProfile;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.wire.MessageCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job store writes on a thread of its own: what was saved is read back at once, what is flushed is on
 * disk for the next process, a change overtaken by another before its turn never reaches the disk, and a
 * store reopened on a directory in the same process sees everything the earlier one was asked to save.
 */
class JobStoreTest {

    private static final NodeId CLIENT = NodeId.of(7);

    @TempDir
    Path dir;

    @AfterEach
    void flushStores() {
        JobStore.flushIn(dir);
    }

    private static MessageCodec codec() {
        return MessageCodec.discover(1 << 20);
    }

    private static JobProfile profile(long n) {
        JobSpec spec = JobSpec.of(Requirements.none(3), 10);
        return new JobProfile(new JobId(n, Point.of(0.1, 0.2, 0.3, n / 1000.0)), spec, CLIENT, 0, 1);
    }

    private static JobStatusReply result(JobId id, JobState state) {
        return new JobStatusReply(0, id, state, CLIENT, CLIENT, null);
    }

    @Test
    void whatWasSavedIsReadBackAtOnceAndFromDiskAfterAFlush() {
        JobStore store = new JobStore(dir, codec());
        for (int i = 1; i <= 50; i++) {
            store.savePending(profile(i));
            store.saveTaken(new TakenJob(profile(i).id(), "j" + i, i, JobState.MATCHING, null));
        }
        store.saveResult(result(profile(3).id(), JobState.COMPLETED));
        assertThat(store.pending()).hasSize(50);
        assertThat(store.taken()).hasSize(50);
        assertThat(store.result(profile(3).id()).state()).isEqualTo(JobState.COMPLETED);
        store.flush();
        JobStore reopened = new JobStore(dir, codec());
        assertThat(reopened.pending()).hasSize(50);
        assertThat(reopened.taken()).hasSize(50);
        assertThat(reopened.result(profile(3).id()).state()).isEqualTo(JobState.COMPLETED);
    }

    @Test
    void aStoreReopenedInTheSameProcessSeesWhatTheEarlierOneWasStillWriting() {
        JobStore store = new JobStore(dir, codec());
        for (int i = 1; i <= 200; i++) {
            store.savePending(profile(i));
        }
        for (int i = 1; i <= 100; i++) {
            store.removePending(profile(i).id());
        }
        JobStore reopened = new JobStore(dir, codec());
        assertThat(reopened.pending()).hasSize(100).allMatch(p -> p.id().serial() > 100);
    }

    @Test
    void aRemovalOrReplacementIsSeenAtOnceAndTheFirstResultStays() throws Exception {
        JobStore store = new JobStore(dir, codec());
        JobId id = profile(1).id();
        store.saveTaken(new TakenJob(id, "a", 1, JobState.MATCHING, null));
        store.saveTaken(new TakenJob(id, "a", 1, JobState.COMPLETED, 0));
        assertThat(store.taken()).singleElement().extracting(TakenJob::state).isEqualTo(JobState.COMPLETED);
        store.saveResult(result(id, JobState.COMPLETED));
        store.saveResult(result(id, JobState.FAILED));
        assertThat(store.result(id).state()).as("the first result stays").isEqualTo(JobState.COMPLETED);
        assertThat(store.removeResult(id)).isTrue();
        assertThat(store.result(id)).isNull();
        assertThat(store.removeResult(id)).as("gone already").isFalse();
        store.removeTaken(id);
        assertThat(store.taken()).isEmpty();
        store.flush();
        try (var files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile).toList()).as("nothing left on disk").isEmpty();
        }
    }
}
