package io.cangrid.jobs.exec;

import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.JobCommand;
import io.cangrid.overlay.NodeId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

/**
 * What a run node does with a job's large files: fetches its inputs' chunks before the run (from the
 * injection node, or any node that holds them), puts each input together in the run's directory, and keeps
 * its large outputs as chunks that the injection node and the client fetch. A run holds what it uses under a
 * name of its own ({@code key}) until it lets go.
 */
public interface RunFiles {

    /** Why this node will not take the job's inputs (over its quota), or null. */
    String inputRefusal(JobCommand command);

    /** Fetches what this node lacks of {@code files}; completes when all are here, checked. */
    CompletableFuture<Void> fetch(String key, FileRef[] files, NodeId from);

    /** Writes {@code file}, fetched before, to {@code target}, checking its SHA-256. */
    void place(FileRef file, Path target) throws IOException;

    /** Keeps the file at {@code path} as chunks named {@code name}, held under {@code key}. */
    FileRef keep(String key, Path path, String name) throws IOException;

    /** Lets go of what {@code key} held. */
    void release(String key);

    /** The bytes one job's large outputs may take together on this node. */
    long maxJobOutputBytes();

    /** A node without a chunk store: jobs with large files are refused, large outputs are not kept. */
    RunFiles NONE = new RunFiles() {
        @Override
        public String inputRefusal(JobCommand command) {
            return command.files().length == 0 ? null : "this node does not take jobs with large input files";
        }

        @Override
        public CompletableFuture<Void> fetch(String key, FileRef[] files, NodeId from) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void place(FileRef file, Path target) throws IOException {
            throw new IOException("this node keeps no large files");
        }

        @Override
        public FileRef keep(String key, Path path, String name) throws IOException {
            throw new IOException("this node keeps no large files");
        }

        @Override
        public void release(String key) {
        }

        @Override
        public long maxJobOutputBytes() {
            return 0;
        }
    };
}
