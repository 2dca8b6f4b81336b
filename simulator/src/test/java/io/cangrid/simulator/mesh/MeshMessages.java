package io.cangrid.simulator.mesh;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;

/** The mesh's two messages, under test-only wire ids so that the mesh also runs in copy-on-send mode. */
public final class MeshMessages implements MessageCatalog {

    /** Sent to every member once a period: alive, these capabilities, this published state. */
    public record MeshState(Capabilities capabilities, Message published, boolean leaving) implements Message {
    }

    /** A payload on its way to the owner of {@code point}. */
    public record MeshRouted(Point point, Message payload, int hops) implements Message {
    }

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(950, MeshState.class).register(951, MeshRouted.class);
    }
}
