package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.cli.common.HostPort;
import org.junit.jupiter.api.Test;

/** Addresses as options take them; a port alone (as {@code --http} allows) stays on the loopback address. */
class HostPortTest {

    @Test
    void aPortAloneIsOnLoopbackAndAnAddressIsKept() {
        assertThat(HostPort.parseOrLoopback("8080")).isEqualTo(new HostPort("127.0.0.1", 8080));
        assertThat(HostPort.parseOrLoopback("127.0.0.2:80")).isEqualTo(new HostPort("127.0.0.2", 80));
        assertThat(HostPort.parseOrLoopback("[::1]:9")).isEqualTo(new HostPort("::1", 9));
        assertThatThrownBy(() -> HostPort.parseOrLoopback("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> HostPort.parseOrLoopback("70000")).hasMessageContaining("0..65535");
    }

    @Test
    void aBadHttpAddressIsAUsageError() {
        CliRun r = CliRun.run("node", "--listen", "127.0.0.1:0", "--http", "nowhere");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--http").contains("nowhere");
    }
}
