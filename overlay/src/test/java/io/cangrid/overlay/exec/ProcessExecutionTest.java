package io.cangrid.overlay.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.job.Execution;
import io.cangrid.overlay.job.InputFile;
import io.cangrid.overlay.job.JobCommand;
import io.cangrid.overlay.job.JobId;
import io.cangrid.overlay.job.JobIdFactory;
import io.cangrid.overlay.job.JobProfile;
import io.cangrid.overlay.job.JobSpec;
import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessExecutionTest {

    @TempDir
    Path dir;

    private final PostingContext ctx = new PostingContext();

    private JobProfile job(JobCommand command) {
        ResourceSchema schema = ResourceSchema.defaultSchema();
        JobSpec spec = JobSpec.of(new Requirements(new double[schema.realDimensions()]), 1).withCommand(command);
        JobId id = new JobIdFactory(schema).idForKey(spec, System.nanoTime());
        return new JobProfile(id, spec, NodeId.of(1), 0, 1);
    }

    private Execution.Ended run(ExecPolicy policy, ExecLimits limits, JobCommand command) throws Exception {
        ProcessExecution exec = new ProcessExecution(ctx, 1.0, dir, policy, limits);
        AtomicReference<Execution.Ended> ended = new AtomicReference<>();
        exec.start(job(command), ended::set);
        assertThat(ctx.runNext(30)).as("the run posted its end").isTrue();
        return ended.get();
    }

    private Execution.Ended run(JobCommand command) throws Exception {
        return run(ExecPolicy.any(), ExecLimits.DEFAULT, command);
    }

    @Test
    void aNonZeroExitIsACompletedRunWithItsCodeAndOutput() throws Exception {
        Execution.Ended e = run(new JobCommand(new String[] {"sh", "-c", "cat in.txt; echo \"$GREETING\" >&2;"
                + " echo result > out.txt; exit 3"}, new String[] {"GREETING=hello"},
                new InputFile[] {new InputFile("in.txt", "from input\n".getBytes(StandardCharsets.UTF_8))},
                new String[] {"out.txt", "missing.txt"}, 0));
        assertThat(e.error()).isNull();
        assertThat(e.output().exitCode()).isEqualTo(3);
        assertThat(e.output().stdout()).isEqualTo("from input\n");
        assertThat(e.output().stderr()).isEqualTo("hello\n");
        assertThat(new String(e.output().file("out.txt").content(), StandardCharsets.UTF_8)).isEqualTo("result\n");
        assertThat(e.output().notes()).contains("output missing.txt was not produced");
        try (var left = Files.list(dir)) {
            assertThat(left).as("run directories are removed").isEmpty();
        }
    }

    @Test
    void aCommandThatCannotStartFailsWithTheReason() throws Exception {
        Execution.Ended e = run(JobCommand.of("/no/such/program-x"));
        assertThat(e.error()).startsWith("cannot start '/no/such/program-x': ").contains("No such file");
        assertThat(e.output()).isNull();
    }

    @Test
    void theTimeLimitKillsTheWholeProcessTree(@TempDir Path elsewhere) throws Exception {
        Path pidFile = elsewhere.resolve("child.pid");
        long started = System.nanoTime();
        Execution.Ended e = run(new JobCommand(new String[] {"sh", "-c", "sleep 60 & echo $! > \"$PIDFILE\"; sleep 60"},
                new String[] {"PIDFILE=" + pidFile}, new InputFile[0], new String[0], 500));
        assertThat((System.nanoTime() - started) / 1_000_000).isLessThan(20_000);
        assertThat(e.error()).contains("time limit of 500 ms");
        // The background sleep is a grandchild of the run: it must be gone too.
        long child = Long.parseLong(Files.readString(pidFile).trim());
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    }

    @Test
    void oversizedOutputIsTruncatedWithANote() throws Exception {
        Execution.Ended e = run(ExecPolicy.any(), new ExecLimits(1000, 100), new JobCommand(
                new String[] {"sh", "-c", "head -c 5000 /dev/zero | tr '\\0' x; head -c 500 /dev/zero > big"},
                new String[0], new InputFile[0], new String[] {"big"}, 0));
        assertThat(e.output().stdout()).startsWith("x".repeat(1000))
                .contains("[cangrid: stdout truncated: kept 1000 of 5000 bytes]");
        assertThat(e.output().file("big").size()).isEqualTo(100);
        assertThat(e.output().notes()).contains("stdout truncated").contains("output big truncated: kept 100 of 500");
    }

    @Test
    void thePolicyDecidesWhatRuns() {
        ProcessExecution allowSh = new ProcessExecution(ctx, 1.0, dir, ExecPolicy.parse("allow:sh,/opt/*/bin/tool"),
                ExecLimits.DEFAULT);
        assertThat(allowSh.refusal(job(JobCommand.of("sh", "-c", "true")))).isNull();
        assertThat(allowSh.refusal(job(JobCommand.of("/bin/sh")))).isNull();
        assertThat(allowSh.refusal(job(JobCommand.of("/opt/x/bin/tool")))).isNull();
        assertThat(allowSh.refusal(job(JobCommand.of("python3")))).contains("does not allow executable 'python3'");
        ProcessExecution none = new ProcessExecution(ctx, 1.0, dir, ExecPolicy.none(), ExecLimits.DEFAULT);
        assertThat(none.refusal(job(JobCommand.of("sh")))).contains("runs no commands");
    }
}
