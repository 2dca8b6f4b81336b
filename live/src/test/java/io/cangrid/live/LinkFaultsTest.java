package io.cangrid.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** The text form of a node's link faults, and what is refused in it. */
class LinkFaultsTest {

    @Test
    void readsEveryKeyWithCommentsAndUnits() {
        LinkFaults f = LinkFaults.parse("""
                # a slow, lossy link
                delay = 100ms
                jitter = 0.05s
                loss = 0.02
                cut-to = 198.18.0.3, 198.18.0.4
                cut-to = 198.18.0.9   # more than one line adds
                """);
        assertThat(f).isEqualTo(new LinkFaults(100, 50, 0.02, Set.of("198.18.0.3", "198.18.0.4", "198.18.0.9")));
        assertThat(f.none()).isFalse();
        assertThat(LinkFaults.parse("\n# nothing\n")).isEqualTo(LinkFaults.NONE);
        assertThat(LinkFaults.NONE.none()).isTrue();
    }

    @Test
    void badLinesAreRefusedNamingTheLineAndWhatIsWrong() {
        assertThatThrownBy(() -> LinkFaults.parse("delay = 10ms\nlatency = 5ms"))
                .hasMessageContaining("line 2").hasMessageContaining("unknown key 'latency'")
                .hasMessageContaining("known: delay, jitter, loss, cut-to");
        assertThatThrownBy(() -> LinkFaults.parse("delay 10ms")).hasMessageContaining("line 1")
                .hasMessageContaining("is not key = value");
        assertThatThrownBy(() -> LinkFaults.parse("delay = soon")).hasMessageContaining("'soon' is not a duration");
        assertThatThrownBy(() -> LinkFaults.parse("loss = 2")).hasMessageContaining("loss must be a probability 0..1");
        assertThatThrownBy(() -> LinkFaults.parse("loss = NaN")).hasMessageContaining("probability");
        assertThatThrownBy(() -> LinkFaults.parse("delay = 10ms\njitter = 20ms"))
                .hasMessageContaining("jitter 0..delay");
        assertThatThrownBy(() -> LinkFaults.parse("delay = 2h")).hasMessageContaining("'2h' is not a duration");
        assertThatThrownBy(() -> LinkFaults.parse("delay = 61s")).hasMessageContaining("delay must be 0..60000 ms");
        assertThatThrownBy(() -> LinkFaults.parse("cut-to = a;rm")).hasMessageContaining("not a host name");
    }
}
