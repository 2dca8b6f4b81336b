package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node that cannot listen where it is told ends at once, in one line naming the option and the remedy, with
 * the usage exit code: an address the machine does not have, a port another program holds, the wildcard
 * address without an address to advertise.
 */
class ListenErrorsTest {

    @TempDir
    Path dir;

    private CliRun node(String listen) {
        return CliRun.run("node", "--listen", listen, "--workdir", dir.resolve("w").toString(), "--secret-file",
                dir.resolve("secret").toString());
    }

    @Test
    void anAddressThisMachineDoesNotHaveIsAUsageError() {
        // 198.18.0.0/15 is set aside for network tests: no interface of a test machine has it.
        CliRun r = node("198.18.255.254:7000");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("--listen").contains("198.18.255.254:7000")
                .contains("this machine has no such address");
    }

    @Test
    void aPortInUseIsAUsageError() throws Exception {
        try (ServerSocket held = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            CliRun r = node("127.0.0.1:" + held.getLocalPort());
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err()).contains("--listen").contains("the port is in use");
        }
    }

    @Test
    void theWildcardAddressWithoutAnAddressToAdvertiseIsAUsageError() {
        CliRun r = node("0.0.0.0:0");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--listen").contains("--advertise");
    }
}
