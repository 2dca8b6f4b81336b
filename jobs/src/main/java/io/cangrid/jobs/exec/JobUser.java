package io.cangrid.jobs.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The unprivileged user a node running as root runs its jobs as. */
public record JobUser(String name, int uid, int gid) {

    /** The user's ids, as {@code id} reports them (so NSS users are found too). */
    public static JobUser lookUp(String name) {
        if (name.isBlank() || name.startsWith("-")) {
            throw new IllegalArgumentException("job user '" + name + "' is not a user name");
        }
        int uid = id("-u", name);
        int gid = id("-g", name);
        if (uid == 0) {
            throw new IllegalArgumentException("job user '" + name + "' is root: jobs must run as an unprivileged user");
        }
        return new JobUser(name, uid, gid);
    }

    /** The real user id of this process. */
    public static int currentUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:")) {
                    return Integer.parseInt(line.substring(4).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot read this process's user id: " + e, e);
        }
        throw new IllegalStateException("no Uid line in /proc/self/status");
    }

    private static int id(String flag, String name) {
        try {
            Process p = new ProcessBuilder(List.of("id", flag, name)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IllegalArgumentException("no user '" + name + "' on this machine (id: " + out + ")");
            }
            return Integer.parseInt(out);
        } catch (IOException | NumberFormatException e) {
            throw new IllegalArgumentException("cannot look up user '" + name + "': " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalArgumentException("interrupted looking up user '" + name + "'", e);
        }
    }

    @Override
    public String toString() {
        return name + " (" + uid + ":" + gid + ")";
    }
}
