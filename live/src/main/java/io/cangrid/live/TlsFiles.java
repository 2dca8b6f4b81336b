package io.cangrid.live;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.net.ssl.SSLException;

/**
 * TLS for a node from PEM files: its certificate chain and PKCS#8 private key, and the certificates it
 * trusts in the nodes it connects to (by default its own, which fits the usual set-up of one certificate
 * for the whole grid). TLS only adds encryption: peers still prove the grid's secret in the handshake
 * inside it, so a grid is no less authenticated without TLS.
 */
public final class TlsFiles {

    private TlsFiles() {
    }

    /**
     * Adds TLS to {@code config}.
     *
     * @param trust PEM certificates to trust, or null to trust {@code certificate}
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static NetConfig apply(NetConfig config, Path certificate, Path key, Path trust) {
        requireReadable(certificate, "--tls-cert");
        requireReadable(key, "--tls-key");
        Path trusted = trust != null ? trust : certificate;
        requireReadable(trusted, "--tls-trust");
        try {
            SslContext server = SslContextBuilder.forServer(certificate.toFile(), key.toFile()).build();
            SslContext client = SslContextBuilder.forClient().trustManager(trusted.toFile()).build();
            return config.withTls(server, client);
        } catch (SSLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot use " + certificate + " and " + key + " for TLS ("
                    + e.getMessage() + "): give a PEM certificate chain and its PEM (PKCS#8) private key", e);
        }
    }

    /** TLS for a client that only connects: it trusts {@code trust}. */
    public static NetConfig applyClient(NetConfig config, Path trust) {
        requireReadable(trust, "--tls-trust");
        try {
            return config.withTls(null, SslContextBuilder.forClient().trustManager(trust.toFile()).build());
        } catch (SSLException | IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot read trusted certificates from " + trust + " ("
                    + e.getMessage() + "): give PEM certificates", e);
        }
    }

    private static void requireReadable(Path file, String option) {
        if (!Files.isReadable(file)) {
            throw new IllegalArgumentException(option + " " + file + ": no such readable file");
        }
        try {
            if (Files.size(file) == 0) {
                throw new IllegalArgumentException(option + " " + file + " is empty");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(option + " " + file + ": " + e.getMessage(), e);
        }
    }
}
