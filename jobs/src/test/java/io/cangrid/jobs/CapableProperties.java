package io.cangrid.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** The capability test and the NO_MATCH reasons against a brute-force reading of their definitions. */
class CapableProperties {

    @Property(tries = 500)
    void reasonsAgreeWithBruteForce(@ForAll long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        ResourceSchema schema = RandomResources.schema(rnd);
        Requirements job = RandomResources.requirements(rnd, schema);
        List<Capabilities> nodes = new ArrayList<>();
        int n = rnd.nextInt(0, 6);
        for (int i = 0; i < n; i++) {
            nodes.add(rnd.nextInt(4) == 0 ? RandomResources.meeting(rnd, schema, job) : RandomResources.capabilities(rnd, schema));
        }
        boolean anyCapable = false;
        for (Capabilities node : nodes) {
            boolean capable = true;
            for (int d = 0; d < schema.realDimensions(); d++) {
                capable &= node.get(d) >= job.get(d);
            }
            assertThat(Capable.isCapable(node, job)).as("seed %d: %s for %s", seed, node, job).isEqualTo(capable);
            anyCapable |= capable;
        }
        assertThat(Capable.noMatchReason(schema, job, nodes).isPresent()).as("seed %d", seed).isEqualTo(!anyCapable);

        Optional<UnmetRequirement> unmet = Capable.firstUnmet(schema, job, nodes);
        int expected = -1;
        for (int d = 0; d < schema.realDimensions() && expected < 0; d++) {
            final int dim = d;
            if (job.constrains(d) && nodes.stream().noneMatch(c -> c.get(dim) >= job.get(dim))) {
                expected = d;
            }
        }
        assertThat(unmet.map(UnmetRequirement::index).orElse(-1)).as("seed %d: %s over %s", seed, job, nodes)
                .isEqualTo(expected);
        if (unmet.isPresent()) {
            assertThat(anyCapable).as("seed %d", seed).isFalse();
            int d = unmet.get().index();
            OptionalDouble most = nodes.stream().mapToDouble(c -> c.get(d)).max();
            assertThat(unmet.get().largestOffered()).as("seed %d", seed).isEqualTo(most);
            assertThat(unmet.get().required()).as("seed %d", seed).isEqualTo(job.get(d));
        }
    }
}
