package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.gateway.GridSubmitted;
import io.cangrid.overlay.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One client asking one node many things at once (as the dashboard does, its chart sampler beside a page's
 * request): every question gets its own answer. Each of the client's sessions is a life of its own, so the
 * node never sends one session's answer down another that the same key opened.
 */
class ConcurrentAsksTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int ASKS = 16;

    private final NetConfig config = LoopbackNodes.config("concurrent-asks");
    private final LoopbackNodes nodes = new LoopbackNodes(config);

    @AfterEach
    void close() {
        nodes.close();
    }

    @Test
    void concurrentAsksFromOneClientEachGetTheirOwnAnswer() throws Exception {
        LiveNode node = nodes.start();
        ExecutorService pool = Executors.newFixedThreadPool(ASKS);
        try (LiveClient client = new LiveClient(config)) {
            for (int round = 0; round < 5; round++) {
                List<Future<Message>> answers = new ArrayList<>();
                for (int i = 1; i <= ASKS; i++) {
                    GridSubmitted question = SizedMessages.withFrame(i, 256);
                    answers.add(pool.submit(() -> client.ask(LoopbackNodes.HOST, node.self().port(), question, WAIT)));
                }
                for (int i = 1; i <= ASKS; i++) {
                    int ticket = -i;
                    assertThat(answers.get(i - 1).get()).as("round %d, question %d", round, i)
                            .isInstanceOfSatisfying(GridSubmitted.class, s -> assertThat(s.ticket()).isEqualTo(ticket));
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
