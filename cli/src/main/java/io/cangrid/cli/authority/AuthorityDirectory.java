package io.cangrid.cli.authority;

import io.cangrid.cli.common.UserError;
import io.cangrid.live.CredentialException;
import io.cangrid.live.GridAuthority;
import io.cangrid.live.KeyFile;
import io.cangrid.live.NodeKey;
import io.cangrid.live.Revocation;
import io.cangrid.overlay.PrivateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a grid's authority lives: a private directory ({@code ~/.config/cangrid/authority} unless told)
 * holding its key ({@code authority.key}), the grid's name ({@code grid}) and the revocations it signed
 * ({@code revocations}). Whoever holds the key may admit anyone: keep it off the grid's machines.
 */
final class AuthorityDirectory {

    static final String KEY = "authority.key";
    static final String GRID = "grid";
    static final String REVOCATIONS = "revocations";

    private AuthorityDirectory() {
    }

    static Path resolve(Path option) {
        return option != null ? option : Path.of(System.getProperty("user.home"), ".config", "cangrid", "authority");
    }

    static GridAuthority create(Path dir, String grid) {
        if (Files.exists(dir.resolve(KEY))) {
            throw new UserError("an authority already lives in " + dir + " (" + dir.resolve(KEY) + "); a second one"
                    + " would make a second grid: give another --authority DIR, or use this one");
        }
        GridAuthority authority;
        try {
            authority = new GridAuthority(grid, NodeKey.generate());
        } catch (IllegalArgumentException e) {
            throw new UserError("--grid: " + e.getMessage(), e);
        }
        try {
            PrivateFiles.createDirectories(dir);
            PrivateFiles.write(dir.resolve(GRID), (grid + "\n").getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UserError("cannot make the authority's directory " + dir + ": " + e.getMessage(), e);
        }
        KeyFile.write(dir.resolve(KEY), authority.key());
        return authority;
    }

    static GridAuthority load(Path dir) {
        Path key = dir.resolve(KEY);
        if (!Files.exists(key)) {
            throw new CredentialException("no grid authority in " + dir + ": make one with `cangrid grid init`, or"
                    + " name its directory with --authority DIR");
        }
        try {
            String grid = Files.readString(dir.resolve(GRID), StandardCharsets.UTF_8).trim();
            return new GridAuthority(grid, KeyFile.load(key));
        } catch (IOException e) {
            throw new CredentialException("cannot read the grid's name in " + dir.resolve(GRID) + ": "
                    + e.getMessage(), e);
        }
    }

    /** Keeps a record of what the authority revoked, for its operator. */
    static void record(Path dir, Revocation r) {
        try {
            Path file = dir.resolve(REVOCATIONS);
            if (!Files.exists(file)) {
                PrivateFiles.write(file, new byte[0]);
            }
            Files.writeString(file, r.text() + "\n", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UserError("cannot record the revocation in " + dir + ": " + e.getMessage(), e);
        }
    }
}
