package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Keys: the secret two keys agree, their files, their text form. */
class NodeKeyTest {

    @TempDir
    Path dir;

    @Test
    void twoKeysAgreeTheSameSecretAndNoThirdDoes() throws Exception {
        for (int i = 0; i < 20; i++) {
            NodeKey a = NodeKey.generate();
            NodeKey b = NodeKey.generate();
            NodeKey c = NodeKey.generate();
            byte[] ab = new StaticAgreements(a).with(b.publicKey());
            assertThat(new StaticAgreements(b).with(a.publicKey())).as("round %d", i).isEqualTo(ab);
            assertThat(new StaticAgreements(c).with(b.publicKey())).isNotEqualTo(ab);
        }
    }

    @Test
    void theBasePointMapsToX25519sBasePoint() {
        // Ed25519's base point has y = 4/5; RFC 7748 says its Montgomery form is u = 9.
        java.math.BigInteger p = java.math.BigInteger.TWO.pow(255).subtract(java.math.BigInteger.valueOf(19));
        java.math.BigInteger y = java.math.BigInteger.valueOf(4).multiply(java.math.BigInteger.valueOf(5).modInverse(p)).mod(p);
        byte[] le = new byte[32];
        byte[] be = y.toByteArray();
        for (int i = 0; i < be.length && i < 32; i++) {
            le[i] = be[be.length - 1 - i];
        }
        byte[] u = NodeKey.montgomery(le);
        assertThat(u[0]).isEqualTo((byte) 9);
        for (int i = 1; i < 32; i++) {
            assertThat(u[i]).isZero();
        }
    }

    @Test
    void aKeyOfLowOrderOrNoFormIsRefused() {
        byte[] identity = new byte[32];
        identity[0] = 1; // y = 1: the neutral point
        assertThatThrownBy(() -> new StaticAgreements(NodeKey.generate()).with(identity))
                .isInstanceOf(ConnectionRejected.class);
    }

    @Test
    void aKeyFileKeepsTheKeyAndIsPrivate() throws Exception {
        Path f = dir.resolve("k").resolve("node.key");
        NodeKey made = KeyFile.loadOrCreate(f);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rw-------");
        assertThat(KeyFile.loadOrCreate(f).publicText()).isEqualTo(made.publicText());
        assertThat(NodeKey.parseText(made.publicText())).isEqualTo(made.publicKey());
    }

    @Test
    void aKeyFileOthersCanReadIsRefused() throws Exception {
        Path f = dir.resolve("node.key");
        KeyFile.loadOrCreate(f);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        assertThatThrownBy(() -> KeyFile.load(f)).isInstanceOf(CredentialException.class)
                .hasMessageContaining("can be read by others").hasMessageContaining("chmod 600");
    }

    @Test
    void aDamagedKeyFileSaysWhatToDo() throws Exception {
        Path f = dir.resolve("node.key");
        Files.writeString(f, "cangrid ed25519 key v1\nnonsense\nAAAA\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        assertThatThrownBy(() -> KeyFile.load(f)).isInstanceOf(CredentialException.class)
                .hasMessageContaining("move it away");
    }
}
