package io.cangrid.cli.node;

import io.cangrid.cli.grid.GridDocuments;

import io.cangrid.cli.common.HostPort;

import io.cangrid.can.inspect.PeersReply;
import io.cangrid.hygra.grid.HygraReport;
import io.cangrid.overlay.PeersRequest;
import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.UserError;
import io.cangrid.overlay.Message;
import io.cangrid.live.LiveClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code cangrid peers}: one node's id, address, capabilities, zones and neighbours. */
@Command(name = "peers", description = "Show one node: id, address, capabilities, zones or links, neighbours, queue.")
public final class PeersCommand implements Callable<Integer> {

    static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Spec
    private CommandSpec spec;

    @Mixin
    private JsonOption json;

    @Mixin
    private ClientOptions client;

    @Option(names = "--peer", required = true, paramLabel = "HOST:PORT", converter = HostPort.Converter.class,
            description = "The node to ask.")
    private HostPort peer;

    @Override
    public Integer call() {
        try (LiveClient c = client.liveClient()) {
            Message r = GridDocuments.askPeer(c, peer);
            Map<String, Object> view = GridDocuments.withFiles(c, peer, r);
            if (json.enabled()) {
                JsonOutput.print(spec, view);
            } else if (r instanceof HygraReport) {
                printHygra(spec.commandLine().getOut(), view);
            } else {
                print(spec.commandLine().getOut(), view);
            }
        }
        return 0;
    }


    @SuppressWarnings("unchecked")
    private static void printHygra(PrintWriter out, Map<String, Object> v) {
        out.printf("node %s at %s (%s, HYGRA)%n", v.get("id"), v.get("address"), v.get("phase"));
        out.printf("capabilities %s%n", capabilities(v));
        out.printf(java.util.Locale.ROOT, "available %s, temperature %.3f, degree %s (limits %s..%s)%n",
                java.util.Arrays.toString((long[]) v.get("available")), v.get("temperature"),
                ((List<?>) v.get("neighbours")).size(), v.get("degMin"), v.get("degMax"));
        for (Map<String, Object> n : (List<Map<String, Object>>) v.get("neighbours")) {
            out.printf("link %s at %s%n", n.get("id"), n.get("address"));
        }
        out.printf("queue %s%n", v.get("queueLength"));
        printFiles(out, v);
        out.flush();
    }

    @SuppressWarnings("unchecked")
    private static void print(PrintWriter out, Map<String, Object> v) {
        out.printf("node %s at %s (%s, CAN-PX)%n", v.get("id"), v.get("address"), v.get("phase"));
        out.printf("capabilities %s%n", capabilities(v));
        for (Map<String, Object> z : (List<Map<String, Object>>) v.get("zones")) {
            out.printf(java.util.Locale.ROOT, "zone %s .. %s volume %.6f%n", coordinates((double[]) z.get("lower")),
                    coordinates((double[]) z.get("upper")), (double) z.get("volume"));
        }
        for (Map<String, Object> n : (List<Map<String, Object>>) v.get("neighbours")) {
            out.printf("neighbour %s at %s%n", n.get("id"), n.get("address"));
        }
        if (v.get("attributes") != null) {
            out.printf("attributes %s%n", v.get("attributes"));
        }
        out.printf("queue %s%n", v.get("queueLength"));
        printFiles(out, v);
        out.flush();
    }

    @SuppressWarnings("unchecked")
    private static void printFiles(PrintWriter out, Map<String, Object> v) {
        Map<String, Object> f = (Map<String, Object>) v.get("files");
        if (f != null) {
            out.printf("files %s chunks stored (%s MiB); sent %s MiB, fetched %s MiB, uploaded to it %s MiB; %s bad"
                    + " chunks refused%n", f.get("storedChunks"), mib(f.get("storedBytes")), mib(f.get("servedBytes")),
                    mib(f.get("fetchedBytes")), mib(f.get("uploadedBytes")), f.get("badChunks"));
        }
    }

    private static long mib(Object bytes) {
        return ((Number) bytes).longValue() >> 20;
    }

    /** E.g. {@code cpu 0.98, memory 1024 MiB, disk 10 GiB, 4 cores}: what a person reads, not a map's floats. */
    @SuppressWarnings("unchecked")
    static String capabilities(Map<String, Object> v) {
        Map<String, Object> c = (Map<String, Object>) v.get("capabilities");
        String text = String.format(java.util.Locale.ROOT, "cpu %.2f, memory %d MiB, disk %d GiB",
                ((Number) c.get("cpu")).doubleValue(), Math.round(((Number) c.get("memoryMiB")).doubleValue()),
                Math.round(((Number) c.get("diskGiB")).doubleValue()));
        return c.containsKey("cores") ? text + ", " + c.get("cores") + " cores" : text;
    }

    /** A zone corner with four decimals a coordinate, enough to tell zones apart at any size shown here. */
    private static String coordinates(double[] p) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < p.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(String.format(java.util.Locale.ROOT, "%.4f", p[i]));
        }
        return sb.append(']').toString();
    }
}
