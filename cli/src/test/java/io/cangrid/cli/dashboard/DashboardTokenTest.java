package io.cangrid.cli.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.live.GridSecret;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The token is the documented HMAC of the secret, differs per grid, and is checked exactly. */
class DashboardTokenTest {

    private static final byte[] KEY = "a grid secret of thirty-two bytes".getBytes(StandardCharsets.US_ASCII);

    @Test
    void isHmacSha256OfTheLabelUnderTheSecretInHex() throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(KEY, "HmacSHA256"));
        String expected = HexFormat.of().formatHex(mac.doFinal("cangrid dashboard token".getBytes(StandardCharsets.US_ASCII)));
        DashboardToken token = DashboardToken.of(new GridSecret(KEY));
        assertThat(token.hex()).isEqualTo(expected).hasSize(64);
        assertThat(token.url("127.0.0.1", 8080)).isEqualTo("http://127.0.0.1:8080/?token=" + expected);
        assertThat(token.toString()).doesNotContain(expected);
    }

    @Test
    void anotherSecretGivesAnotherTokenAndOnlyTheExactTokenMatches() {
        byte[] other = KEY.clone();
        other[0] ^= 1;
        DashboardToken token = DashboardToken.of(new GridSecret(KEY));
        assertThat(DashboardToken.of(new GridSecret(other)).hex()).isNotEqualTo(token.hex());
        assertThat(token.matches(token.hex())).isTrue();
        assertThat(token.matches(" " + token.hex() + " ")).isTrue();
        assertThat(token.matches(token.hex().substring(1))).isFalse();
        assertThat(token.matches(token.hex().toUpperCase())).isFalse();
        assertThat(token.matches("")).isFalse();
        assertThat(token.matches(null)).isFalse();
    }
}
