package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Requirements;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The run queue's sharing of cores and memory: jobs start in order while they fit, a later one starts first
 * only when it cannot delay the first waiting one, and nothing held ever exceeds the node.
 */
class RunQueueTest {

    private static final NodeId OWNER = NodeId.of(1);
    /** Memory is the second requirement, as in the default schema (cpu, memory, disk). */
    private static final int MEMORY = 1;
    private long nextId = 1;

    private RunQueue queue(int cores, double memoryMiB) {
        return new RunQueue(1.0, false, cores, memoryMiB, new RunCapacity(cores, memoryMiB, MEMORY).memoryDemand());
    }

    private HeldJob job(int cores, double memoryMiB, double work) {
        JobSpec spec = new JobSpec(new Requirements(0, memoryMiB, 0), work, null, null, cores);
        JobId id = new JobId(nextId++, Point.of(new double[] {0, 0, 0, 0.5}));
        return new HeldJob(new JobProfile(id, spec, OWNER, 0, 1), OWNER, MatchTrace.START, 0);
    }

    private static List<JobId> ids(List<HeldJob> jobs) {
        return jobs.stream().map(HeldJob::id).toList();
    }

    @Test
    void narrowJobsRunTogetherUpToTheCores() {
        RunQueue q = queue(4, 0);
        List<HeldJob> jobs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            jobs.add(job(1, 0, 3));
            q.add(jobs.get(i));
        }
        assertThat(ids(q.startAll(0))).containsExactlyElementsOf(ids(jobs.subList(0, 4)));
        assertThat(q.freeCores()).isZero();
        assertThat(q.startAll(10)).isEmpty();
        q.remove(jobs.get(2).id());
        assertThat(ids(q.startAll(3_000))).containsExactly(jobs.get(4).id());
    }

    @Test
    void oneCoreIsAFifoQueueOneJobAtATime() {
        RunQueue q = queue(1, 4096);
        HeldJob a = job(1, 4096, 10);
        HeldJob b = job(1, 100, 1);
        q.add(a);
        q.add(b);
        assertThat(ids(q.startAll(0))).containsExactly(a.id());
        assertThat(q.startAll(1)).isEmpty();
        q.remove(a.id());
        assertThat(ids(q.startAll(10_000))).containsExactly(b.id());
        assertThat(q.backlogSeconds(10_000)).isEqualTo(1.0);
    }

    /**
     * A machine's preference ({@code --prefer}) orders its waiting jobs, arrival among equals; the job already
     * running stays. Its rank is read from the machine's ad with the job as {@code other}.
     */
    @Test
    void theMachinesPreferenceOrdersItsWaitingJobs() {
        RunQueue q = queue(1, 0);
        io.cangrid.overlay.resource.ResourceSchema schema = io.cangrid.overlay.resource.ResourceSchema.defaultSchema();
        MachineAd machine = MachineAd.of(schema, new io.cangrid.overlay.resource.Capabilities(1, 1024, 10),
                java.util.Map.of(), null, "other.Name == \"raman\" ? 2 : other.Name == \"lab\" ? 1 : 0", 0);
        List<HeldJob> jobs = new ArrayList<>();
        for (String name : List.of("first", "other", "lab", "raman", "lab", "raman")) {
            HeldJob j = job(1, 0, 10);
            JobSpec named = new JobSpec(j.profile.spec().requirements(), 10, name, null, 1);
            HeldJob held = new HeldJob(new JobProfile(j.id(), named, OWNER, 0, 1), OWNER, MatchTrace.START, 0);
            held.preference = machine.preference(named, schema, 0);
            jobs.add(held);
            q.add(held);
            if (jobs.size() == 1) {
                assertThat(ids(q.startAll(0))).containsExactly(held.id());
            }
        }
        assertThat(q.waitingJobs()).extracting(p -> p.spec().name())
                .containsExactly("raman", "raman", "lab", "lab", "other");
        assertThat(q.waitingJobs().get(0).id()).isEqualTo(jobs.get(3).id());
        assertThat(q.runningJob().id()).isEqualTo(jobs.get(0).id());
        // Without a preference every job ranks 0: arrival order, as before.
        assertThat(MachineAd.of(schema, new io.cangrid.overlay.resource.Capabilities(1, 1024, 10), java.util.Map.of(),
                null, 0).preference(jobs.get(3).profile.spec(), schema, 0)).isZero();
    }

    /**
     * A 3-core job behind four running 1-core jobs: narrow jobs arriving after it start before it only where
     * they end before it could start or use cores it will not need; it starts once three cores are free.
     */
    @Test
    void aWideJobIsNotOvertakenByNarrowOnesThatWouldDelayIt() {
        RunQueue q = queue(4, 0);
        List<HeldJob> running = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            running.add(job(1, 0, 10 + i)); // ends at 10, 11, 12, 13 s
            q.add(running.get(i));
        }
        q.startAll(0);
        HeldJob wide = job(3, 0, 5);
        HeldJob longNarrow = job(1, 0, 100);
        HeldJob shortNarrow = job(1, 0, 1);
        q.add(wide);
        q.add(longNarrow);
        q.add(shortNarrow);
        q.remove(running.get(0).id()); // one core free at 10 s; the wide job can start at 12 s
        assertThat(ids(q.startAll(10_000))).as("only the job done before the wide one could start")
                .containsExactly(shortNarrow.id());
        q.remove(shortNarrow.id());
        q.remove(running.get(1).id());
        assertThat(q.startAll(11_000)).as("the long one would hold a core the wide job needs at 12 s").isEmpty();
        q.remove(running.get(2).id());
        assertThat(ids(q.startAll(12_000))).containsExactly(wide.id());
        assertThat(q.startAll(12_000)).as("no core left for the long one").isEmpty();
        q.remove(running.get(3).id());
        assertThat(ids(q.startAll(13_000))).containsExactly(longNarrow.id());
    }

    @Test
    void aNarrowJobMayUseACoreTheWideOneWillNotNeed() {
        RunQueue q = queue(4, 0);
        HeldJob a = job(2, 0, 100);
        q.add(a);
        q.startAll(0);
        HeldJob wide = job(3, 0, 5);
        HeldJob narrow = job(1, 0, 1_000);
        q.add(wide);
        q.add(narrow);
        // Two cores free; the wide job needs three, at 100 s, when a ends: four free then, one to spare.
        assertThat(ids(q.startAll(1_000))).containsExactly(narrow.id());
        q.remove(a.id());
        assertThat(ids(q.startAll(100_000))).containsExactly(wide.id());
    }

    @Test
    void aJobWaitsForTheMemoryItReserves() {
        RunQueue q = queue(4, 8192);
        HeldJob big = job(1, 6144, 10);
        HeldJob second = job(1, 4096, 10);
        HeldJob small = job(1, 1024, 10);
        q.add(big);
        q.add(second);
        q.add(small);
        assertThat(ids(q.startAll(0))).as("the second would exceed the memory; the small one fits beside it"
                + " only if it ends before the second could start, at 10 s").containsExactly(big.id(), small.id());
        assertThat(q.reservedMemoryMiB()).isEqualTo(7168);
        q.remove(big.id());
        assertThat(ids(q.startAll(10_000))).containsExactly(second.id());
    }

    @Test
    void aJobWiderThanTheNodeIsNotTaken() {
        RunQueue q = queue(2, 0);
        assertThatThrownBy(() -> q.add(job(3, 0, 1))).hasMessageContaining("takes 3 cores")
                .hasMessageContaining("lends 2");
    }

    /** Random jobs, starts and ends: at no moment do the running jobs hold more than the node has. */
    @Test
    void nothingEverExceedsTheCoresOrTheMemory() {
        long seed = System.nanoTime();
        SplittableRandom random = new SplittableRandom(seed);
        RunQueue q = queue(8, 16_384);
        List<HeldJob> held = new ArrayList<>();
        long now = 0;
        int started = 0;
        for (int step = 0; step < 5_000; step++) {
            now += random.nextInt(1_000);
            if (random.nextInt(3) > 0 || held.isEmpty()) {
                HeldJob j = job(1 + random.nextInt(8), random.nextInt(3) == 0 ? 0 : random.nextInt(16_384),
                        1 + random.nextInt(60));
                q.add(j);
                held.add(j);
            } else {
                HeldJob j = held.remove(random.nextInt(held.size()));
                q.remove(j.id());
            }
            started += q.startAll(now).size();
            int cores = 0;
            double memory = 0;
            for (JobProfile p : q.runningJobs()) {
                cores += p.spec().cores();
                memory += Math.min(16_384, p.spec().requirements().get(MEMORY));
            }
            assertThat(cores).as("cores held at step %d (seed %d)", step, seed).isLessThanOrEqualTo(8)
                    .isEqualTo(8 - q.freeCores());
            assertThat(memory).as("memory held at step %d (seed %d)", step, seed).isLessThanOrEqualTo(16_384);
        }
        assertThat(started).as("seed %d", seed).isPositive();
    }

    /**
     * What a node publishes for a newcomer: its free cores and memory while nothing waits, none once a job
     * waits; and a one-core node is free for a job exactly when its queue is empty, as the papers' nodes.
     */
    @Test
    void aNewcomerSeesTheFreeCoresAndMemoryOnlyWhileNothingWaits() {
        RunQueue q = queue(8, 8192);
        HeldJob a = job(2, 2048, 10);
        q.add(a);
        q.startAll(0);
        JobLoad load = JobLoad.of(q, 0);
        assertThat(load.freeCores()).isEqualTo(6);
        assertThat(load.freeMemoryMiB()).isEqualTo(6144.0);
        assertThat(load.canStart(6, 6144)).isTrue();
        assertThat(load.canStart(7, 0)).isFalse();
        assertThat(load.canStart(1, 8192)).isFalse();
        assertThat(q.coreDemand()).isEqualTo(2);
        HeldJob wide = job(8, 0, 10);
        q.add(wide);
        q.startAll(1);
        assertThat(JobLoad.of(q, 1).freeCores()).isZero();
        assertThat(q.coreDemand()).isEqualTo(10);
        // Its backlog counts core-seconds: 2 x 10 s running and 8 x 10 s waiting, over 8 cores.
        assertThat(q.backlogSeconds(0)).isEqualTo(12.5);

        RunQueue one = queue(1, 4096);
        assertThat(JobLoad.of(one, 0).canStart(1, 4096)).isTrue();
        one.add(job(1, 0, 5));
        one.startAll(0);
        JobLoad busy = JobLoad.of(one, 0);
        assertThat(busy.canStart(1, 0)).isFalse();
        // The papers' one-core load, as a node without cores to report publishes it, says the same.
        assertThat(busy.freeCores()).isZero().isEqualTo(new JobLoad(1, 5.0, false).freeCores());
        assertThat(new JobLoad(0, 0, false).canStart(1, 0)).isTrue();
    }

    /**
     * Fractional runs added and started one by one leave a rounding remainder (0.1 + 0.7 + 0.3, less each,
     * is -5.6e-17): with none waiting and one running the backlog is that job's run alone, never below it,
     * and never negative, which neighbours refuse as malformed.
     */
    @Test
    void aQueueWithNoneWaitingReportsNoRoundingRemainder() {
        RunQueue q = queue(4, 0);
        List<HeldJob> jobs = List.of(job(1, 0, 0.1), job(1, 0, 0.7), job(1, 0, 0.3), job(4, 0, 0.2));
        jobs.forEach(q::add);
        assertThat(q.startAll(0)).hasSize(3);
        q.remove(jobs.get(3).id());
        q.remove(jobs.get(0).id());
        q.remove(jobs.get(1).id());
        assertThat(q.backlogSeconds(300)).isEqualTo(0.0);
        assertThat(q.backlogSeconds(10_000)).isEqualTo(0.0);
    }
}
