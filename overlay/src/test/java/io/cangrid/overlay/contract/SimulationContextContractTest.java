package io.cangrid.overlay.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.contract.ContractMessages.Note;
import io.cangrid.overlay.contract.ProbeProgram.Arrival;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@link NodeContextContract} on the deterministic simulation (exponential latency, 50 ms mean). */
class SimulationContextContractTest extends NodeContextContract {

    @Override
    protected RuntimeHarness newHarness(long seed) {
        return new SimRuntimeHarness(seed);
    }

    /**
     * Why the contract promises no order: the simulation draws each message's latency on its own, so of two
     * messages one node sends another, the later may arrive first.
     */
    @Test
    void theSimulationDeliversOneSendersMessagesOutOfOrder() {
        SimRuntimeHarness sim = new SimRuntimeHarness(seed());
        List<ProbeProgram> probes = new ArrayList<>();
        NodeId a = sim.add(ctx -> {
            ProbeProgram p = new ProbeProgram(ctx);
            probes.add(p);
            return p;
        });
        NodeId b = sim.add(ProbeProgram::new);
        probes.get(0).post(() -> {
            for (int i = 0; i < 20; i++) {
                probes.get(0).context().send(b, new Note(1, i));
            }
        });
        ProbeProgram receiver = sim.call(b, ProbeProgram.class::cast);
        assertThat(sim.await(() -> receiver.notes(1).size() == 20, 10_000)).isTrue();
        List<Integer> order = receiver.notes(1).stream().map(Arrival::message).map(m -> ((Note) m).seq()).toList();
        assertThat(order).as("%s: the order 20 notes from %s arrived in", sim.describe(), a)
                .isNotEqualTo(order.stream().sorted().toList());
    }
}
