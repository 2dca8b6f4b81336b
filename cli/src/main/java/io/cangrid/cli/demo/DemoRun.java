package io.cangrid.cli.demo;

import io.cangrid.live.client.GridClient;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.LongConsumer;

/** One demo run: submissions through random live nodes, a SIGKILL half way, and following every job to its end. */
final class DemoRun implements AutoCloseable {

    private final LocalGrid grid;
    private final List<GridClient> clients;
    private final SplittableRandom random;
    private final Map<JobId, Long> submitted = new LinkedHashMap<>();
    private final Map<JobId, JobStatusReply> ended = new LinkedHashMap<>();
    private final Map<JobId, Long> endedAt = new LinkedHashMap<>();
    private int killed = -1;

    DemoRun(LocalGrid grid, List<GridClient> clients, SplittableRandom random) {
        this.grid = grid;
        this.clients = clients;
        this.random = random;
    }

    private int randomLiveNode() {
        while (true) {
            int i = random.nextInt(clients.size());
            if (i != killed) {
                return i;
            }
        }
    }

    void submitAll(int jobs, int victim, LongConsumer progress) throws IOException, InterruptedException {
        for (int n = 0; n < jobs; n++) {
            if (n == jobs / 2) {
                grid.kill(victim);
                killed = victim;
            }
            JobId id = clients.get(randomLiveNode()).submit(DemoCommand.job(n, random));
            submitted.put(id, System.nanoTime());
            if (n % 10 == 9) {
                poll(progress);
            }
        }
    }

    void followAll(long limitMillis, long pollMillis, LongConsumer progress) throws InterruptedException {
        long deadline = System.nanoTime() + limitMillis * 1_000_000;
        while (ended.size() < submitted.size() && System.nanoTime() < deadline) {
            poll(progress);
            Thread.sleep(pollMillis);
        }
    }

    private void poll(LongConsumer progress) {
        for (JobId id : submitted.keySet()) {
            if (!ended.containsKey(id)) {
                JobStatusReply r = DemoCommand.statusOrNull(clients.get(randomLiveNode()), id);
                if (r != null && r.state() != null && r.state().isTerminal()) {
                    ended.put(id, r);
                    endedAt.put(id, System.nanoTime());
                }
            }
        }
        progress.accept(ended.size());
    }

    Map<String, Object> summary() {
        int completed = 0;
        int failed = 0;
        List<Double> waits = new ArrayList<>();
        List<Double> startWaits = new ArrayList<>();
        Map<String, Integer> where = new TreeMap<>();
        for (Map.Entry<JobId, JobStatusReply> e : ended.entrySet()) {
            JobStatusReply r = e.getValue();
            if (r.state() == JobState.COMPLETED && r.output() != null && r.output().exitCode() == 0) {
                completed++;
            } else {
                failed++;
            }
            waits.add((endedAt.get(e.getKey()) - submitted.get(e.getKey())) / 1e9);
            if (r.waitMillis() >= 0) {
                startWaits.add(r.waitMillis() / 1e3);
            }
            if (r.runNode() != null) {
                where.merge(r.runNode().host() + ":" + r.runNode().port(), 1, Integer::sum);
            }
        }
        waits.sort(Double::compare);
        startWaits.sort(Double::compare);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("nodes", clients.size());
        s.put("killed", grid.address(killed < 0 ? 0 : killed));
        s.put("submitted", submitted.size());
        s.put("completed", completed);
        s.put("failed", failed);
        s.put("unfinished", submitted.size() - ended.size());
        s.put("meanSeconds", mean(waits));
        s.put("p95Seconds", p95(waits));
        // The wait as the run nodes measured it; jobs that never started (or whose end was only heard from
        // a client node) have none.
        s.put("meanWaitSeconds", mean(startWaits));
        s.put("p95WaitSeconds", p95(startWaits));
        s.put("waitsKnown", startWaits.size());
        s.put("ranOn", where);
        return s;
    }

    private static double mean(List<Double> sorted) {
        return sorted.stream().mapToDouble(d -> d).average().orElse(0);
    }

    private static double p95(List<Double> sorted) {
        return sorted.isEmpty() ? 0 : sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(0.95 * sorted.size()) - 1));
    }

    static void print(PrintWriter out, Map<String, Object> s) {
        out.printf("%s jobs on %s nodes (%s killed with SIGKILL half way): %s completed, %s failed, %s unfinished%n",
                s.get("submitted"), s.get("nodes"), s.get("killed"), s.get("completed"), s.get("failed"),
                s.get("unfinished"));
        out.printf("submit to end, as the client saw it: mean %.2f s, p95 %.2f s%n", s.get("meanSeconds"),
                s.get("p95Seconds"));
        out.printf("submission to start (wait): mean %.2f s, p95 %.2f s (%s jobs)%n", s.get("meanWaitSeconds"),
                s.get("p95WaitSeconds"), s.get("waitsKnown"));
        out.printf("where jobs ran: %s%n", s.get("ranOn"));
        out.flush();
    }

    @Override
    public void close() {
        clients.forEach(GridClient::close);
    }
}
