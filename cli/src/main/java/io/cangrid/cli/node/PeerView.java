package io.cangrid.cli.node;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.inspect.PeersReply;
import io.cangrid.can.message.NodeZones;
import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A node's {@link PeersReply} in the shape {@code peers} and {@code nodes} print (JSON field order fixed). */
final class PeerView {

    private PeerView() {
    }

    static Map<String, Object> of(PeersReply r) {
        Map<String, Object> m = new LinkedHashMap<>();
        NodeId id = r.report().node();
        m.put("id", hex(id));
        m.put("address", address(id));
        m.put("phase", r.phase());
        Map<String, Object> caps = new LinkedHashMap<>();
        caps.put("cpu", r.capabilities().get(0));
        caps.put("memoryMiB", r.capabilities().get(1));
        caps.put("diskGiB", r.capabilities().get(2));
        m.put("capabilities", caps);
        List<Map<String, Object>> zones = new ArrayList<>();
        double volume = 0;
        for (Zone z : r.report().zones()) {
            Map<String, Object> zm = new LinkedHashMap<>();
            double[] lo = new double[z.dimensions()];
            double[] hi = new double[z.dimensions()];
            for (int d = 0; d < lo.length; d++) {
                lo[d] = z.lo(d);
                hi[d] = z.hi(d);
            }
            zm.put("lower", lo);
            zm.put("upper", hi);
            zm.put("volume", z.volume());
            volume += z.volume();
            zones.add(zm);
        }
        m.put("zones", zones);
        m.put("volume", volume);
        List<Map<String, Object>> neighbours = new ArrayList<>();
        for (NodeZones n : r.neighbours()) {
            Map<String, Object> nm = new LinkedHashMap<>();
            nm.put("id", hex(n.node()));
            nm.put("address", address(n.node()));
            neighbours.add(nm);
        }
        m.put("neighbours", neighbours);
        m.put("queueLength", r.queueLength());
        return m;
    }

    static String hex(NodeId id) {
        return Long.toHexString(id.value());
    }

    static String address(NodeId id) {
        return id.hasAddress() ? id.host() + ":" + id.port() : null;
    }
}
