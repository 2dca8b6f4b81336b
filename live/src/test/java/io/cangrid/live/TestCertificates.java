package io.cangrid.live;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for tests, made by the JDK's keytool and written as the PEM files a node's
 * {@code --tls-cert} and {@code --tls-key} take.
 */
public final class TestCertificates {

    public record Pem(Path certificate, Path key) {
    }

    private TestCertificates() {
    }

    public static Pem selfSigned(Path dir) throws IOException, InterruptedException, GeneralSecurityException {
        Path store = dir.resolve("grid.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        Process p = new ProcessBuilder(keytool, "-genkeypair", "-alias", "grid", "-keyalg", "RSA", "-keysize", "2048",
                "-validity", "2", "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost",
                "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", "changeit", "-keypass", "changeit")
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IOException("keytool failed: " + output);
        }
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, "changeit".toCharArray());
        }
        Key key = ks.getKey("grid", "changeit".toCharArray());
        Pem pem = new Pem(dir.resolve("grid.crt"), dir.resolve("grid.key"));
        Files.writeString(pem.certificate(), pem("CERTIFICATE", ks.getCertificate("grid").getEncoded()));
        Files.writeString(pem.key(), pem("PRIVATE KEY", key.getEncoded()));
        return pem;
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
