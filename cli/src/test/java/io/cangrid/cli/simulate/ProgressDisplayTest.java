package io.cangrid.cli.simulate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressDisplayTest {

    @Test
    void aBarCountsJobsToTheTotal() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
                ProgressDisplay display = ProgressDisplay.create(true, "quickstart", 40, err)) {
            display.jobsDone(15);
            display.jobsDone(25);
        }
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("quickstart").contains("40/40");
    }

    @Test
    void aHiddenBarWritesNothing() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
                ProgressDisplay display = ProgressDisplay.create(false, "quickstart", 40, err)) {
            display.jobsDone(40);
        }
        assertThat(bytes.size()).isZero();
    }
}
