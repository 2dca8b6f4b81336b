package io.cangrid.overlay.contract;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/**
 * What the nodes of the cross-runtime suites send each other, with wire ids in the test fixtures' range
 * (910–919) so that they travel between live nodes and in copy-on-send simulations alike. Only test class
 * paths list this catalog.
 */
public final class ContractMessages implements MessageCatalog {

    /** The {@code seq}-th note of a batch; {@code batch} tells batches (and senders) apart. */
    public record Note(long batch, int seq) implements Message {
    }

    /** What a leaving node says as it goes. */
    public record Goodbye(long batch) implements Message {
    }

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(910, Note.class)
                .register(911, Goodbye.class);
    }
}
