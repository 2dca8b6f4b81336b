package io.cangrid.cli.authority;

import io.cangrid.cli.common.UserError;
import io.cangrid.live.AdmissionToken;
import io.cangrid.live.CredentialException;
import io.cangrid.live.GridAuthority;
import io.cangrid.live.NodeKey;
import io.cangrid.live.Role;
import io.cangrid.overlay.PrivateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import io.cangrid.overlay.UserName;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code cangrid grid token}: issues a signed admission token for one role. */
@Command(name = "token", description = "Issue an admission token: node (join and serve), submit (submit and ask)"
        + " or read (only ask, e.g. a dashboard).")
public final class GridTokenCommand implements Callable<Integer> {

    private static final Pattern SPAN = Pattern.compile("(\\d+)\\s*(m|h|d)");

    @Spec
    private CommandSpec spec;

    @Option(names = "--authority", paramLabel = "DIR",
            description = "The authority's directory (default: ~/.config/cangrid/authority).")
    private Path dir;

    @Option(names = "--role", required = true, paramLabel = "node|submit|read", description = "What the token allows.")
    private String role;

    @Option(names = "--expires", paramLabel = "SPAN", defaultValue = "90d",
            description = "How long it is valid: 30m, 12h, 30d, or never (default: ${DEFAULT-VALUE}).")
    private String expires;

    @Option(names = "--for", paramLabel = "PUBKEY",
            description = "Only the holder of this key may use it (`cangrid grid key` prints one); without it,"
                    + " whoever holds the token.")
    private String subject;

    @Option(names = "--user", paramLabel = "NAME",
            description = "The user its holder acts as: the Owner of the jobs submitted with it, which nodes'"
                    + " --accept can compare (1 to 64 letters, digits and . _ @ -).")
    private String user;

    @Option(names = "--out", paramLabel = "FILE", description = "Write it to FILE (mode 600) rather than stdout.")
    private Path out;

    @Override
    public Integer call() {
        Role r = parse("--role", () -> Role.parse(role));
        Duration validity = parse("--expires", () -> span(expires));
        byte[] key = subject == null ? new byte[0] : parse("--for", () -> NodeKey.parseText(subject));
        String named = user == null ? null : parse("--user", () -> UserName.check(user));
        GridAuthority authority = AuthorityDirectory.load(AuthorityDirectory.resolve(dir));
        AdmissionToken token = authority.issue(r, validity, key, named, Instant.now());
        if (out == null) {
            spec.commandLine().getOut().println(token.text());
        } else {
            if (Files.exists(out)) {
                throw new UserError(out + " exists; not overwriting a token: give another --out FILE");
            }
            try {
                PrivateFiles.write(out, (token.text() + "\n").getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                throw new UserError("cannot write " + out + ": " + e.getMessage(), e);
            }
        }
        spec.commandLine().getErr().println("issued " + token.describe());
        return 0;
    }

    private static Duration span(String text) {
        if (text.trim().equals("never")) {
            return null;
        }
        Matcher m = SPAN.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a span such as 30m, 12h, 30d or never");
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofDays(n);
        };
    }

    private <T> T parse(String option, java.util.function.Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException | CredentialException e) {
            throw new ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }
}
