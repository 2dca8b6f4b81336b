package io.cangrid.bench;

import io.cangrid.bench.can.NetBenchmark;
import io.cangrid.bench.engine.EngineBenchmark;
import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/**
 * The benchmarks' own messages, in the range 600–699 so that no protocol module's table carries them.
 */
public final class BenchMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(600, EngineBenchmark.Ping.class)
                .register(601, NetBenchmark.HandshakeProbe.class);
    }
}
