package io.cangrid.cli.peersim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** What {@code cangrid peersim} shows of PeerSim's standard output and says when PeerSim is missing. */
class PeerSimOutputTest {

    @Test
    void theEmptyLinesPeerSimPrintsAheadOfTheReportAreDropped() throws Exception {
        String peersim = "\n\n\n".repeat(15) + "{\"results\": [\n\n]}\n";
        StringWriter out = new StringWriter();
        PeerSimCommand.copyWithoutLeadingBlankLines(new ByteArrayInputStream(peersim.getBytes(StandardCharsets.UTF_8)),
                new PrintWriter(out));
        assertThat(out.toString()).isEqualTo("{\"results\": [\n\n]}\n".replace("\n", System.lineSeparator()));
    }

    @Test
    void theInstallHintSaysWhereTheReleaseComesFrom() {
        assertThat(PeerSimArtifacts.howToInstall()).contains("https://sourceforge.net/projects/peersim/files/")
                .contains("bin/cangrid peersim install");
    }
}
