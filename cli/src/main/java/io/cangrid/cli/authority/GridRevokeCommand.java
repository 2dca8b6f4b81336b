package io.cangrid.cli.authority;

import io.cangrid.cli.common.HostPort;
import io.cangrid.cli.common.UserError;
import io.cangrid.live.GridAuthority;
import io.cangrid.live.LiveClient;
import io.cangrid.live.NetConfig;
import io.cangrid.live.NodeKey;
import io.cangrid.live.Revocation;
import io.cangrid.live.RevocationNotice;
import io.cangrid.live.RevocationReply;
import io.cangrid.overlay.Message;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid grid revoke}: the authority withdraws a key, a node (one life of it) or a token, and
 * hands the signed revocation to a node of the grid, which passes it on to every node.
 */
@Command(name = "revoke", description = "Withdraw a key (ed25519:...), a node id (16 hex digits, as `peers`"
        + " shows it, with or without its n) or a token id (32 hex digits); the nodes named with --node pass it on"
        + " through the grid and refuse the subject from then on.")
public final class GridRevokeCommand implements Callable<Integer> {

    private static final Duration ASK_TIMEOUT = Duration.ofSeconds(5);

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID|PUBKEY|TOKEN-ID", description = "What to revoke.")
    private String subject;

    @Option(names = "--authority", paramLabel = "DIR",
            description = "The authority's directory (default: ~/.config/cangrid/authority).")
    private Path dir;

    @Option(names = "--node", paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "A node of the grid to hand the revocation to (repeatable); without one, it is only"
                    + " printed.")
    private List<HostPort> nodes = new ArrayList<>();

    @Override
    public Integer call() {
        Path at = AuthorityDirectory.resolve(dir);
        GridAuthority authority = AuthorityDirectory.load(at);
        Revocation r = revocation(authority);
        AuthorityDirectory.record(at, r);
        spec.commandLine().getOut().println(r.text());
        if (nodes.isEmpty()) {
            spec.commandLine().getErr().println("revoked " + r.subjectText() + "; hand it to a node with --node"
                    + " HOST:PORT for it to take effect");
            return 0;
        }
        // The authority signs every token, so it may admit itself: a read token of its own carries the notice.
        NetConfig net = NetConfig.of(authority.grid(), authority.issue(io.cangrid.live.Role.READ,
                Duration.ofMinutes(10), new byte[0], Instant.now()));
        int delivered = 0;
        try (LiveClient client = new LiveClient(net)) {
            for (HostPort node : nodes) {
                try {
                    Message m = client.ask(node.host(), node.port(), new RevocationNotice(r.encode()), ASK_TIMEOUT);
                    if (m instanceof RevocationReply reply && reply.inForce()) {
                        delivered++;
                        spec.commandLine().getErr().println(node + ": " + reply.detail());
                    } else {
                        spec.commandLine().getErr().println(node + ": refused: "
                                + (m instanceof RevocationReply reply ? reply.detail() : m));
                    }
                } catch (IOException e) {
                    spec.commandLine().getErr().println(node + ": " + e.getMessage());
                }
            }
        }
        if (delivered == 0) {
            throw new UserError("no node took the revocation of " + r.subjectText() + "; it is kept in " + at
                    + "; hand it to a reachable node with --node HOST:PORT");
        }
        spec.commandLine().getErr().println("revoked " + r.subjectText() + "; in force at " + delivered
                + " node(s), passed on from there");
        return 0;
    }

    private Revocation revocation(GridAuthority authority) {
        String s = subject.trim();
        Instant now = Instant.now();
        if (s.startsWith("ed25519:")) {
            try {
                return authority.revokeKey(NodeKey.parseText(s), now);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        String hex = s.startsWith("n") ? s.substring(1) : s;
        if (hex.matches("[0-9a-fA-F]{16}")) {
            return authority.revokeNode(Long.parseUnsignedLong(hex, 16), now);
        }
        if (hex.matches("[0-9a-fA-F]{32}")) {
            return authority.revokeToken(HexFormat.of().parseHex(hex), now);
        }
        throw new ParameterException(spec.commandLine(), "'" + s + "' is neither a key (ed25519:...), a node id (16"
                + " hex digits) nor a token id (32 hex digits)");
    }
}
