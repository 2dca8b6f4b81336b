package io.cangrid.simulator.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.overlay.wire.MessageCodec;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Every message type of every module, with random contents, decodes to what was encoded. */
class WireRoundTripProperties {

    private static final MessageRegistry REGISTRY = MessageRegistry.discover();
    private static final MessageCodec CODEC = new MessageCodec(REGISTRY, 1 << 20);

    @Property(tries = 40)
    void everyMessageTypeSurvivesTheWire(@ForAll long seed) {
        RandomMessages random = new RandomMessages(REGISTRY, seed);
        assertThat(random.messageTypes()).hasSizeGreaterThan(30);
        for (Class<?> type : random.messageTypes()) {
            Message sent = (Message) random.instance(type);
            byte[] bytes = CODEC.encode(sent);
            Message received = CODEC.decode(bytes);
            assertThat(WireEquality.deepEquals(sent, received))
                    .as("seed %d: %s came back as %s", seed, sent, received).isTrue();
        }
    }
}
