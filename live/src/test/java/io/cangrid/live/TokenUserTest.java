package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The user an admission token names (a job's {@code Owner}): signed with the rest, so a holder cannot change
 * it; checked as a user name; and absent from a token that names none, whose bytes stay those of the first
 * version, so tokens made before users existed still admit their holders.
 */
class TokenUserTest {

    private final GridAuthority authority = new GridAuthority("users", NodeKey.generate());

    @Test
    void theUserSurvivesTheTextFormAndIsDescribed() {
        AdmissionToken token = authority.issue(Role.SUBMIT, Duration.ofHours(1), new byte[0], "riffraff", Instant.now());
        AdmissionToken read = AdmissionToken.parse(token.text());
        assertThat(read.user()).isEqualTo("riffraff");
        assertThat(read.userOrNull()).isEqualTo("riffraff");
        assertThat(read.describe()).contains("user riffraff");
        assertThat(read).isEqualTo(token);
    }

    @Test
    void aTokenWithoutAUserKeepsTheFirstVersionsBytes() {
        AdmissionToken token = authority.issue(Role.SUBMIT, Duration.ofHours(1), new byte[0], Instant.now());
        assertThat(token.encode()[0]).isEqualTo((byte) 1);
        assertThat(token.userOrNull()).isNull();
        assertThat(AdmissionToken.parse(token.text()).userOrNull()).isNull();
    }

    @Test
    void aHolderCannotRenameTheUser() {
        AdmissionToken token = authority.issue(Role.SUBMIT, Duration.ofHours(1), new byte[0], "riffraff", Instant.now());
        byte[] bytes = token.encode();
        int at = new String(bytes, StandardCharsets.ISO_8859_1).indexOf("riffraff");
        assertThat(at).isPositive();
        bytes[at] = 'R';
        assertThatThrownBy(() -> AdmissionToken.decode(bytes)).isInstanceOf(CredentialException.class)
                .hasMessageContaining("signature does not match");
    }

    @Test
    void aUserNameIsChecked() {
        assertThatThrownBy(() -> authority.issue(Role.SUBMIT, null, new byte[0], "no spaces", Instant.now()))
                .isInstanceOf(CredentialException.class).hasMessageContaining("letters, digits and . _ @ -");
        assertThatThrownBy(() -> authority.issue(Role.SUBMIT, null, new byte[0], "x".repeat(65), Instant.now()))
                .isInstanceOf(CredentialException.class);
    }
}
