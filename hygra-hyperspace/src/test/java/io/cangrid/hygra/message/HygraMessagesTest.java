package io.cangrid.hygra.message;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.MessageRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HygraMessagesTest {

    @Test
    void everyHygraMessageIsDiscoveredUnderAnIdFrom300To399() {
        MessageRegistry registry = MessageRegistry.discover();
        int found = 0;
        for (Map.Entry<Integer, Class<?>> e : registry.entries().entrySet()) {
            boolean hygraType = e.getValue().getPackageName().startsWith("io.cangrid.hygra");
            boolean hygraId = e.getKey() >= 300 && e.getKey() <= 399;
            assertThat(hygraType).as("%s under id %d", e.getValue().getName(), e.getKey()).isEqualTo(hygraId);
            if (hygraId) {
                found++;
            }
        }
        assertThat(registry.idOf(FindRequest.class)).isBetween(300, 399);
        assertThat(registry.idOf(StatusReply.class)).isBetween(300, 399);
        assertThat(found).isEqualTo(23);
    }

    @Test
    void arraysInMessagesAreSnapshots() {
        NodeState[] links = new NodeState[0];
        StatusReply reply = new StatusReply(1, null, links);
        assertThat(reply.links()).isNotSameAs(links);
    }
}
