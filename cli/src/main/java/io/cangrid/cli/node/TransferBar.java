package io.cangrid.cli.node;

import io.cangrid.live.client.FileTransfers;
import java.io.PrintWriter;

/**
 * A progress bar for large transfers, drawn on standard error when it is a terminal (redrawn at most five
 * times a second, ended with a new line); nothing when output goes to a file or a pipe.
 */
final class TransferBar implements FileTransfers.Progress {

    /** Transfers smaller than this finish too soon to need a bar. */
    static final long SHOWN_FROM_BYTES = 8L << 20;
    private static final int WIDTH = 30;
    private static final long REDRAW_NANOS = 200_000_000;

    private final PrintWriter err;
    private long drawn;
    private boolean ended;

    private TransferBar(PrintWriter err) {
        this.err = err;
    }

    /** A bar on {@code err} when the process has a terminal, else none. */
    static FileTransfers.Progress on(PrintWriter err) {
        return System.console() != null ? new TransferBar(err) : FileTransfers.Progress.NONE;
    }

    @Override
    public synchronized void done(String name, long bytes, long total) {
        if (total < SHOWN_FROM_BYTES || ended) {
            return;
        }
        long now = System.nanoTime();
        boolean last = bytes >= total;
        if (!last && now - drawn < REDRAW_NANOS) {
            return;
        }
        drawn = now;
        int filled = (int) (WIDTH * bytes / total);
        err.print("\r" + name + " [" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + (100 * bytes / total)
                + "% " + (bytes >> 20) + "/" + (total >> 20) + " MiB");
        if (last) {
            err.println();
            ended = true;
        }
        err.flush();
    }
}
