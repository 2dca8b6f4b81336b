package io.cangrid.cli.grid;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What {@code peers}, {@code nodes} and the dashboard show of a node's ad: its attributes beyond its
 * capabilities, what it accepts and what it prefers; nothing for a node that publishes none, and the reason
 * for an ad that does not parse (a node's words, shown, never trusted).
 */
class PeerViewAttributesTest {

    @Test
    void attributesThenPolicy() {
        String ad = "[ CpuSpeed = 1; Memory = 1024; Disk = 10240; Cpus = 4; OpSys = \"LINUX\"; Arch = \"X86_64\";"
                + " Licenses = {\"matlab\"}; Start = other.Owner =!= \"riffraff\"; Rank = other.Cpus; ]";
        assertThat(PeerView.attributes(ad)).isEqualTo("OpSys=\"LINUX\" Arch=\"X86_64\" Licenses={\"matlab\"}"
                + " accepts: (other.Owner =!= \"riffraff\"); prefers: other.Cpus");
        assertThat(PeerView.attributes("[ CpuSpeed = 1; ]")).isEmpty();
        assertThat(PeerView.attributes(null)).isNull();
        assertThat(PeerView.attributes("[ OpSys = ; ]")).startsWith("(an ad that does not parse: ");
    }
}
