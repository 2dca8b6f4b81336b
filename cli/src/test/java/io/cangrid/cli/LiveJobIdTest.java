package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.cli.common.ExitCodes;
import org.junit.jupiter.api.Test;

/**
 * A job id of another shape than the live grid's (one without the cores coordinate, as a grid of three
 * resource dimensions gave them) names a point no live node can route to: the commands that take an id
 * refuse it in one line before asking any node.
 */
class LiveJobIdTest {

    /** Three resource coordinates, then the virtual one. */
    private static final String WITHOUT_CORES = "j0123456789abcdef@00000000.00000000.00000000.12345678";

    @Test
    void anIdWithoutTheCoresCoordinateIsRefusedBeforeAnyNodeIsAsked() {
        for (String command : new String[] {"status", "wait", "results", "cancel", "explain"}) {
            CliRun r = CliRun.run(command, "--peer", "127.0.0.1:1", WITHOUT_CORES);
            assertThat(r.exitCode()).as(command).isEqualTo(ExitCodes.USER_ERROR);
            assertThat(r.errLines()).as(command).hasSize(1);
            assertThat(r.err()).as(command).contains("is not a job id").contains("has 3 resource coordinate(s)")
                    .contains("have 4 (cpu, memory, disk, cores)");
        }
    }
}
