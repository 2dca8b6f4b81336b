package io.cangrid.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LogTextTest {

    @Test
    void aNewlineCannotStartALineOfItsOwn() {
        String forged = "cangrid\n2026-01-01 WARN io.cangrid.node - forged line";
        assertThat(LogText.of(forged)).doesNotContain("\n").startsWith("cangrid\\n2026");
    }

    @Test
    void controlCharactersAndBackslashesAreEscaped() {
        assertThat(LogText.of("a\rb\tc\\d\u0000e\u001bf")).isEqualTo("a\\rb\\tc\\\\d\\u0000e\\u001bf");
    }

    @Test
    void longTextIsCutAndSaysHowMuchWasLeftOut() {
        assertThat(LogText.of("x".repeat(1000), 10)).isEqualTo("xxxxxxxxxx...[990 more]");
        assertThat(LogText.of(null)).isEqualTo("null");
    }
}
