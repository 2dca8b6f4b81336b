package io.cangrid.cli.hosts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hosts of a test bed made of Linux network namespaces: each host a namespace of its own with one address
 * from 198.18.0.0/15 (the range set aside for network tests) on a veth whose other end is on a bridge of
 * this machine. The bridges have no address: nothing here reaches or is reached from the machine's own
 * networks. A partition moves one side's veths to a second bridge; healing moves them back. Everything made
 * is removed by {@link #close}, pass or fail.
 */
final class Netns implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(Netns.class);
    private static final long COMMAND_SECONDS = 20;

    private final String tag = Integer.toHexString(0x1000 + ThreadLocalRandom.current().nextInt(0xefff));
    private final String bridge = "cgb" + tag;
    private final String island = "cgi" + tag;
    private final Set<String> namespaces = new LinkedHashSet<>();
    private final List<String> links = new ArrayList<>();
    private boolean bridges;

    private Netns() {
    }

    /**
     * Makes the two bridges, or fails with one line saying why namespaces cannot be made here.
     *
     * @throws IllegalStateException naming what is missing (root, the {@code ip} command, the kernel's support)
     */
    static Netns create() throws InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new IllegalStateException("network namespaces need root (this runs as "
                    + System.getProperty("user.name") + "); .ci/run runs as root");
        }
        Netns n = new Netns();
        try {
            n.ip("link", "add", n.bridge, "type", "bridge");
            n.bridges = true;
            n.ip("link", "add", n.island, "type", "bridge");
            n.ip("link", "set", n.bridge, "up");
            n.ip("link", "set", n.island, "up");
        } catch (IOException | RuntimeException e) {
            n.close();
            throw new IllegalStateException("cannot make a bridge for the test bed: " + e.getMessage(), e);
        }
        return n;
    }

    /** The address of host {@code h}: 198.18.0.h (h from 1 to 254). */
    static String address(int h) {
        if (h < 1 || h > 254) {
            throw new IllegalArgumentException("host number 1..254, was " + h);
        }
        return "198.18.0." + h;
    }

    /** The namespace of host {@code h}. */
    String namespace(int h) {
        return "cg" + tag + "-" + h;
    }

    /** The command prefix that runs a program on host {@code h}. */
    List<String> on(int h) {
        return List.of("ip", "netns", "exec", namespace(h));
    }

    /** Makes host {@code h}: its namespace, its loopback, its veth on the bridge with {@link #address}. */
    void addHost(int h) throws IOException, InterruptedException {
        String ns = namespace(h);
        String outside = "cgv" + tag + "h" + h;
        ip("netns", "add", ns);
        namespaces.add(ns);
        ip("link", "add", outside, "type", "veth", "peer", "name", "eth0", "netns", ns);
        links.add(outside);
        ip("-n", ns, "addr", "add", address(h) + "/24", "dev", "eth0");
        ip("-n", ns, "link", "set", "lo", "up");
        ip("-n", ns, "link", "set", "eth0", "up");
        ip("link", "set", outside, "master", bridge, "up");
    }

    /** Cuts hosts {@code side} off from the others: they still reach each other, on the second bridge. */
    void partition(Set<Integer> side) throws IOException, InterruptedException {
        for (int h : side) {
            ip("link", "set", "cgv" + tag + "h" + h, "master", island);
        }
    }

    /** Puts every host back on the one bridge. */
    void heal() throws IOException, InterruptedException {
        for (String l : links) {
            ip("link", "set", l, "master", bridge);
        }
    }

    private void ip(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", cmd) + ": no answer within " + COMMAND_SECONDS + " s");
        }
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + said);
        }
    }

    /** Removes every namespace (their veths go with them) and both bridges; says what it could not remove. */
    @Override
    public void close() {
        List<String> failed = new ArrayList<>();
        for (String ns : namespaces) {
            quietly(failed, "netns", "del", ns);
        }
        for (String l : links) {
            // A veth whose namespace went is gone already; one that is left would keep the bridge.
            if (exists(l)) {
                quietly(failed, "link", "del", l);
            }
        }
        if (bridges) {
            quietly(failed, "link", "del", bridge);
            if (exists(island)) {
                quietly(failed, "link", "del", island);
            }
        }
        if (!failed.isEmpty()) {
            log.warn("the test bed left: {}", failed);
        }
    }

    private boolean exists(String link) {
        try {
            ip("link", "show", link);
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void quietly(List<String> failed, String... args) {
        try {
            ip(args);
        } catch (IOException e) {
            failed.add(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failed.add(String.join(" ", args) + ": interrupted");
        }
    }
}
