package io.cangrid.jobs.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of a run's output streams, read from its pipe as the job writes it: the first {@code limit} bytes are
 * kept (in memory: they travel with the result anyway), the rest is counted and dropped, so a job printing
 * without end costs neither memory nor disk, and never blocks on a full pipe.
 */
final class StreamCapture implements Runnable {

    private static final Logger log = LoggerFactory.getLogger(StreamCapture.class);

    private final InputStream in;
    private final int limit;
    private final String what;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final CountDownLatch done = new CountDownLatch(1);
    private volatile long total;

    StreamCapture(InputStream in, int limit, String what) {
        this.in = in;
        this.limit = limit;
        this.what = what;
    }

    @Override
    public void run() {
        byte[] buf = new byte[16 * 1024];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                synchronized (kept) {
                    int room = (int) Math.max(0, Math.min(n, limit - (long) kept.size()));
                    kept.write(buf, 0, room);
                }
                total += n;
            }
        } catch (IOException e) {
            // Closed under us (see close): whatever was read is what the run produced.
            log.debug("{} closed while read: {}", what, e.toString());
        } finally {
            done.countDown();
        }
    }

    /**
     * Waits up to {@code millis} for the stream to end; then closes it, so that a process the run could not
     * end (one that escaped it on a machine without cgroups) cannot hold the run open by keeping the pipe.
     */
    void finish(long millis) throws InterruptedException {
        if (!done.await(millis, TimeUnit.MILLISECONDS)) {
            try {
                in.close();
            } catch (IOException e) {
                log.debug("closing {}: {}", what, e.toString());
            }
            done.await(millis, TimeUnit.MILLISECONDS);
        }
    }

    /** What was kept, as text; a cut adds a marker line and a note. */
    String text(List<String> notes) {
        byte[] bytes;
        synchronized (kept) {
            bytes = kept.toByteArray();
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        long all = total;
        if (all > bytes.length) {
            notes.add(what + " truncated: kept " + bytes.length + " of " + all + " bytes");
            return text + "\n[cangrid: " + what + " truncated: kept " + bytes.length + " of " + all + " bytes]\n";
        }
        return text;
    }
}
