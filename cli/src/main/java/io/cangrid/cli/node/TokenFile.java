package io.cangrid.cli.node;

import io.cangrid.live.AdmissionToken;
import io.cangrid.live.CredentialException;
import io.cangrid.live.KeyFile;
import io.cangrid.live.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * An admission token kept in a file of its holder's only, as `cangrid grid token` writes it. Reading one
 * checks everything that can be checked offline: the file's permissions, the token's form and signature,
 * its validity period against this machine's clock, and its role.
 */
public final class TokenFile {

    public static final String ENV = "CANGRID_TOKEN_FILE";

    private TokenFile() {
    }

    /**
     * The token in {@code file}, usable now for {@code needed} (null: any role).
     *
     * @throws CredentialException naming the file, the problem and what to do
     */
    public static AdmissionToken load(Path file, Role needed) {
        if (!Files.isRegularFile(file)) {
            throw new CredentialException("no admission token at " + file + ": ask the grid's authority for one"
                    + " (`cangrid grid token`)");
        }
        AdmissionToken token;
        try {
            KeyFile.checkPrivate(file);
            token = AdmissionToken.parse(Files.readString(file, StandardCharsets.US_ASCII));
            token.checkTime(Instant.now());
        } catch (CredentialException e) {
            throw new CredentialException("token " + file + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new CredentialException("cannot read token " + file + ": " + e.getMessage(), e);
        }
        if (needed != null && !token.role().covers(needed)) {
            throw new CredentialException("token " + file + " is a " + token.role().label() + " token; this needs a "
                    + needed.label() + " token: ask the grid's authority (`cangrid grid token --role "
                    + needed.label() + "`)");
        }
        return token;
    }
}
