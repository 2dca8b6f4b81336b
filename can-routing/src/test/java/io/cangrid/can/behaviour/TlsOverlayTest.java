package io.cangrid.can.behaviour;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.live.NetConfig;
import io.cangrid.live.TestCertificates;
import io.cangrid.live.TlsFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The behaviour suite on live nodes whose connections run inside TLS, as with {@code --tls-cert}. */
class TlsOverlayTest extends OverlayBehaviourSuite {

    @TempDir
    static Path dir;
    private static TestCertificates.Pem pem;

    @BeforeAll
    static void certificate() throws Exception {
        pem = TestCertificates.selfSigned(dir);
    }

    @Override
    protected OverlayHarness newHarness() {
        NetConfig net = TlsFiles.apply(NetConfig.of("test-grid", LiveHarness.SECRET), pem.certificate(), pem.key(),
                null);
        // Twice the plain suite's period. Sixteen nodes share two threads here, and the first TLS handshakes
        // of a JVM are slow (classes loaded, crypto not yet compiled): from a cold start the grid took three
        // times as long to settle as once warm (evaluation.md, "Concurrent churn"), a delay of several 250 ms
        // periods that a node alone in its process, at the default period, does not see. Neighbours were
        // taken for dead by the dozen, and the suite tested that storm rather than the overlay over TLS
        // (LatencyStormTest covers storms).
        return new LiveHarness(500, net);
    }

    @Test
    void unusableFilesAreRefusedByName() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.pem"));
        assertThatThrownBy(() -> TlsFiles.apply(NetConfig.of("g", LiveHarness.SECRET), dir.resolve("missing.crt"),
                pem.key(), null)).hasMessageContaining("--tls-cert").hasMessageContaining("no such readable file");
        assertThatThrownBy(() -> TlsFiles.apply(NetConfig.of("g", LiveHarness.SECRET), pem.certificate(), empty,
                null)).hasMessageContaining("--tls-key").hasMessageContaining("is empty");
        assertThatThrownBy(() -> TlsFiles.apply(NetConfig.of("g", LiveHarness.SECRET), pem.key(), pem.certificate(),
                null)).hasMessageContaining("cannot use");
    }
}
