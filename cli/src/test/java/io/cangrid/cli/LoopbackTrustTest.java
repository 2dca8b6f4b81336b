package io.cangrid.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.jobs.exec.ExecPolicy;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.jobs.JobId;
import io.cangrid.jobs.JobSpec;
import io.cangrid.jobs.JobState;
import io.cangrid.jobs.message.JobStatusReply;
import io.cangrid.live.client.GridClient;
import io.cangrid.overlay.resource.ResourceSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a node owner must be able to trust, on two live nodes in this JVM that allow only {@code echo} and
 * {@code sh}: a job preloading a library into {@code echo} ends FAILED with the reason in {@code status};
 * outputs named like the files {@code results --dir} writes do not replace them; and everything the nodes
 * write under their work directories is theirs alone (directories 0700, files 0600).
 */
class LoopbackTrustTest extends LoopbackGridWithSecret {

    private static final Duration END_WAIT = Duration.ofSeconds(30);

    @BeforeEach
    void start() throws Exception {
        startGrid(2, ExecPolicy.parse("allow:echo,sh"));
    }

    private static JobSpec job(JobCommand command) {
        return JobSpec.requiring(ResourceSchema.desktopSchema(), Map.of(), 1, null).withCommand(command);
    }

    @Test
    void aPreloadedLibraryIsRefusedAndStatusSaysWhy() throws Exception {
        JobCommand attack = new JobCommand(new String[] {"echo", "harmless"}, new String[] {"LD_PRELOAD=./evil.so"},
                new InputFile[] {new InputFile("evil.so", new byte[] {0x7f, 'E', 'L', 'F'})}, new String[0], 0);
        try (GridClient client = grid.client(0)) {
            JobId id = client.submit(job(attack));
            JobStatusReply end = client.await(id, END_WAIT);
            assertThat(end).as("the job's end within %s", END_WAIT).isNotNull();
            assertThat(end.state()).isEqualTo(JobState.FAILED);
            assertThat(end.output()).as("it ran nowhere").isNull();
            CliRun status = cli("status", "--peer", grid.address(1), id.toString());
            assertThat(status.out()).contains("FAILED").contains("refuses job variable LD_PRELOAD")
                    .contains("--job-env allow:*,LD_PRELOAD");
        }
    }

    @Test
    void outputsNamedLikeTheResultFilesDoNotReplaceThem() throws Exception {
        JobCommand fakes = new JobCommand(new String[] {"sh", "-c", "for f in exit-code stdout stderr; do echo fake > $f;"
                + " done; echo real; exit 3"}, new String[0], new InputFile[0],
                new String[] {"exit-code", "stdout", "stderr"}, 0);
        try (GridClient client = grid.client(0)) {
            JobId id = client.submit(job(fakes));
            JobStatusReply end = client.await(id, END_WAIT);
            assertThat(end.state()).as("%s", end).isEqualTo(JobState.COMPLETED);
            Path out = dir.resolve("results");
            CliRun results = cli("results", "--peer", grid.address(0), "--dir", out.toString(), id.toString());
            assertThat(results.exitCode()).as("a job that exited 3: %s", results.err())
                    .isEqualTo(io.cangrid.cli.node.WaitCommand.SOME_FAILED);
            assertThat(Files.readString(out.resolve("exit-code"))).isEqualTo("3\n");
            assertThat(Files.readString(out.resolve("stdout"))).isEqualTo("real\n");
            assertThat(Files.readString(out.resolve("stderr"))).isEmpty();
            for (String name : List.of("exit-code", "stdout", "stderr")) {
                assertThat(Files.readString(out.resolve("outputs").resolve(name))).isEqualTo("fake\n");
            }
        }
    }

    @Test
    void whatTheNodesWriteIsTheirsAlone() throws Exception {
        try (GridClient client = grid.client(0)) {
            List<JobId> ids = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                ids.add(client.submit(job(new JobCommand(new String[] {"sh", "-c", "echo " + i + " > o; sleep 1"},
                        new String[0], new InputFile[] {new InputFile("in", "x".getBytes(StandardCharsets.UTF_8))},
                        new String[] {"o"}, 0))));
            }
            // Looked at while jobs run (run directories exist) and after they end (results are stored).
            Thread.sleep(700);
            List<String> loose = new ArrayList<>(notPrivate(dir.resolve("node-0")));
            loose.addAll(notPrivate(dir.resolve("node-1")));
            for (JobId id : ids) {
                assertThat(client.await(id, END_WAIT).state()).isEqualTo(JobState.COMPLETED);
            }
            loose.addAll(notPrivate(dir.resolve("node-0")));
            loose.addAll(notPrivate(dir.resolve("node-1")));
            assertThat(loose).as("files and directories others could read").isEmpty();
        }
    }

    /** What under {@code root} is not 0700 (directories) or 0600 (files), except the jobs' own directories. */
    private static List<String> notPrivate(Path root) throws Exception {
        List<String> loose = new ArrayList<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                if (p.toString().contains("/work")) {
                    continue; // a running job's own directory is the job's
                }
                try {
                    String perms = PosixFilePermissions.toString(Files.getPosixFilePermissions(p,
                            LinkOption.NOFOLLOW_LINKS));
                    String want = Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "rwx------" : "rw-------";
                    if (!perms.equals(want)) {
                        loose.add(root.relativize(p) + " " + perms);
                    }
                } catch (java.nio.file.NoSuchFileException e) {
                    continue; // removed while walked (a run that ended)
                }
            }
        }
        return loose;
    }
}
