package io.cangrid.live;

import io.cangrid.overlay.PrivateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The revocations one node knows, checked against every handshake and every open session. Only revocations
 * signed by the authority this node trusts are taken; they are kept in a file of the work directory, one
 * per line, so that they survive restarts. A grid admitted by a shared secret has no authority and takes
 * none. Bounded: an authority that revokes more than {@link #MAX} subjects should make a new grid.
 */
public final class Revocations {

    public static final int MAX = 100_000;
    /** Where a node says whom it admits and revokes: an operator's business, logged at INFO by default. */
    static final Logger IDENTITY_LOG = LoggerFactory.getLogger("io.cangrid.live.identity");
    private static final Logger log = IDENTITY_LOG;

    public enum Outcome { NEW, KNOWN }

    private final byte[] authority;
    private final Set<Revocation> known = new LinkedHashSet<>();
    private Path file;

    /** @param authority the public key of the grid's authority; null when the grid has none */
    public Revocations(byte[] authority) {
        this.authority = authority == null ? null : authority.clone();
    }

    static Revocations forAdmission(Admission admission) {
        return new Revocations(admission instanceof AdmissionToken t ? t.authority() : null);
    }

    /**
     * Keeps the revocations in {@code path} from now on, first taking those it already holds.
     *
     * @throws CredentialException when the file cannot be read or holds a revocation of another authority
     */
    public synchronized void keepIn(Path path) {
        this.file = path;
        if (!Files.exists(path)) {
            return;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(path, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new CredentialException("cannot read revocations " + path + ": " + e.getMessage(), e);
        }
        for (String line : lines) {
            if (!line.isBlank()) {
                Revocation r = Revocation.parse(line);
                checkAuthority(r);
                known.add(r);
            }
        }
        if (!known.isEmpty()) {
            log.info("{} revocation(s) in force, from {}", known.size(), path);
        }
    }

    /**
     * Takes a revocation.
     *
     * @throws CredentialException when it is not this grid's authority's, or this grid has none
     */
    public synchronized Outcome accept(Revocation r) {
        checkAuthority(r);
        if (known.contains(r)) {
            return Outcome.KNOWN;
        }
        if (known.size() >= MAX) {
            throw new CredentialException("this node keeps at most " + MAX + " revocations");
        }
        known.add(r);
        save();
        return Outcome.NEW;
    }

    /** Whether a peer with this key, node id and token (null: none) is revoked. */
    public synchronized boolean refuses(byte[] key, long nodeId, byte[] tokenId) {
        for (Revocation r : known) {
            if (r.covers(key, nodeId, tokenId)) {
                return true;
            }
        }
        return false;
    }

    public synchronized List<Revocation> all() {
        return new ArrayList<>(known);
    }

    private void checkAuthority(Revocation r) {
        if (authority == null) {
            throw new CredentialException("this grid admits by a shared secret and has no authority to revoke"
                    + " anyone: to withdraw a member, give every node a new secret, or move to admission tokens"
                    + " (`cangrid grid init`)");
        }
        if (!Arrays.equals(authority, r.authority())) {
            throw new CredentialException("revocation signed by " + NodeKey.text(r.authority()) + ", not by this"
                    + " grid's authority " + NodeKey.text(authority));
        }
    }

    private void save() {
        if (file == null) {
            return;
        }
        StringBuilder text = new StringBuilder();
        for (Revocation r : known) {
            text.append(r.text()).append('\n');
        }
        try {
            PrivateFiles.writeAtomically(file, text.toString().getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // The revocation holds in memory; only a restart would forget it, so say so loudly.
            log.error("cannot keep revocations in {} ({}); they hold until this node stops", file, e.getMessage());
        }
    }
}
