package io.cangrid.jobs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The owner is using the machine while its CPU, less what this node and its jobs take, is busier than
 * {@code maxPercent} of all its cores: BOINC's "suspend when non-BOINC CPU usage is above". Linux's
 * {@code /proc}: the machine's busy and total time from {@code /proc/stat}, this node's from
 * {@code /proc/PID/stat} of its JVM and every process below it, each compared with the sample before.
 *
 * <p>A process's time counts its own threads' and, through {@code cutime} and {@code cstime}, its ended
 * children's once it reaped them: a job that ended between two samples passes its time to the process that
 * waited for it, so it is still not counted as the owner's. A job process that left the node's process tree
 * (a daemon that forked twice) is counted as the owner's: it is no longer the node's to stop either.
 *
 * <p>Samples are at least {@code windowMillis} apart: over one half-second poll a two-core machine counts 100
 * ticks, and a moment's burst (a page loading) would stop every job; the verdict of the last window stands in
 * between.
 */
public final class OwnerCpu implements OwnerPresence {

    private static final Logger log = LoggerFactory.getLogger(OwnerCpu.class);

    public static final long WINDOW_MILLIS = 2_000;

    /** The machine's ticks at one moment: all of them, the busy ones, and those of this node's processes. */
    record Sample(long atMillis, long total, long busy, long own) {
    }

    private final Path proc;
    private final Supplier<List<Long>> ownPids;
    private final int maxPercent;
    private final long windowMillis;
    private Sample last;
    private String verdict;
    private boolean failing;

    private OwnerCpu(Path proc, Supplier<List<Long>> ownPids, int maxPercent, long windowMillis) {
        this.proc = proc;
        this.ownPids = ownPids;
        this.maxPercent = maxPercent;
        this.windowMillis = windowMillis;
    }

    /** Watches this machine's {@code /proc}, this JVM and its descendants being the node; the first sample now. */
    public static OwnerSource watch(int maxPercent, long nowMillis) {
        return watch(maxPercent, Path.of("/proc"), OwnerCpu::thisNode, WINDOW_MILLIS, nowMillis);
    }

    /**
     * As {@link #watch(int, long)}, reading {@code proc} and counting {@code ownPids} as the node's. Takes the first
     * sample now, so that a machine without {@code /proc/stat} is known at start.
     *
     * @throws IllegalArgumentException when {@code maxPercent} is not 1 to 100
     */
    static OwnerSource watch(int maxPercent, Path proc, Supplier<List<Long>> ownPids, long windowMillis, long now) {
        if (maxPercent < 1 || maxPercent > 100) {
            throw new IllegalArgumentException("the owner's share of the CPU is 1 to 100 percent, not " + maxPercent);
        }
        OwnerCpu cpu = new OwnerCpu(proc, ownPids, maxPercent, windowMillis);
        try {
            cpu.last = cpu.sample(now);
        } catch (IOException e) {
            return OwnerSource.unreadable("owner CPU", e.getMessage());
        }
        return OwnerSource.watched(cpu, "the owner active while the machine's CPU, this node and its jobs not"
                + " counted, is over " + maxPercent + "% busy");
    }

    @Override
    public String busy(long nowMillis) {
        if (last != null && nowMillis - last.atMillis < windowMillis) {
            return verdict;
        }
        Sample now;
        try {
            now = sample(nowMillis);
        } catch (IOException e) {
            if (!failing) {
                log.warn("owner CPU: cannot read it now ({}); the machine counts as free until it reads again",
                        e.getMessage());
            }
            failing = true;
            last = null;
            verdict = null;
            return null;
        }
        if (failing) {
            log.info("owner CPU: reads again");
            failing = false;
        }
        verdict = last == null ? null : judge(last, now);
        last = now;
        return verdict;
    }

    /** The owner's share between {@code a} and {@code b}, as a reason when it is over the limit. */
    String judge(Sample a, Sample b) {
        long total = b.total - a.total;
        if (total <= 0) {
            return verdict; // no tick counted between them: nothing new to say
        }
        // The node's processes can only add time; less means one left the tree, whose time is then not known.
        long own = Math.max(0, b.own - a.own);
        long owner = Math.max(0, (b.busy - a.busy) - own);
        long percent = Math.round(100.0 * owner / total);
        return percent > maxPercent ? "owner CPU " + percent + "% > " + maxPercent + "%" : null;
    }

    Sample sample(long now) throws IOException {
        long[] ticks = machineTicks(proc.resolve("stat"));
        long own = 0;
        for (long pid : ownPids.get()) {
            own += processTicks(proc.resolve(Long.toString(pid)).resolve("stat"));
        }
        return new Sample(now, ticks[0], ticks[1], own);
    }

    /**
     * {@code /proc/stat}'s first line: the total and busy ticks of all cores. Guest time is part of user time
     * already; idle and iowait are idle.
     */
    static long[] machineTicks(Path stat) throws IOException {
        String first;
        try {
            String text = Files.readString(stat, StandardCharsets.US_ASCII);
            int newline = text.indexOf('\n');
            first = newline < 0 ? text : text.substring(0, newline);
        } catch (NoSuchFileException e) {
            throw new IOException(stat + " does not exist", e);
        }
        String[] f = first.strip().split("\\s+");
        if (f.length < 5 || !f[0].equals("cpu")) {
            throw new IOException(stat + " does not begin with the cpu line: '" + first + "'");
        }
        long total = 0;
        long idle = 0;
        try {
            for (int i = 1; i < f.length && i <= 8; i++) { // user nice system idle iowait irq softirq steal
                long v = Long.parseLong(f[i]);
                total += v;
                if (i == 4 || i == 5) {
                    idle += v;
                }
            }
        } catch (NumberFormatException e) {
            throw new IOException(stat + "'s cpu line has a field that is not a number: '" + first + "'", e);
        }
        return new long[] {total, total - idle};
    }

    /**
     * utime + stime + cutime + cstime of one process ({@code /proc/PID/stat} fields 14 to 17), 0 when it has
     * ended. The command name, field 2, is in parentheses and may hold spaces and parentheses itself: the
     * fields are counted from the last ')'.
     */
    static long processTicks(Path stat) {
        String text;
        try {
            text = Files.readString(stat, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return 0; // it ended since it was listed: its time went to its parent, if that is the node's
        }
        int close = text.lastIndexOf(')');
        String[] f = text.substring(close + 1).strip().split("\\s+");
        if (close < 0 || f.length < 15) {
            return 0;
        }
        try {
            // f[0] is field 3 (the state): fields 14 to 17 are f[11] to f[14].
            return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** This JVM and every process below it. */
    static List<Long> thisNode() {
        ProcessHandle self = ProcessHandle.current();
        List<Long> pids = new ArrayList<>();
        pids.add(self.pid());
        self.descendants().forEach(p -> pids.add(p.pid()));
        return pids;
    }
}
