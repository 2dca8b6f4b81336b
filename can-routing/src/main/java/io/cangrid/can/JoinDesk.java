package io.cangrid.can;

import io.cangrid.can.geometry.SplitRule;
import io.cangrid.can.geometry.Zone;
import io.cangrid.can.message.JoinAccept;
import io.cangrid.can.message.JoinRequest;
import io.cangrid.can.message.NodeZones;
import io.cangrid.can.message.RouteEnvelope;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Timer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Both sides of a join: the new node's request (retried until answered) and the owner's answer (split
 * the zone so that both points stay home, or hand over whole a zone held only by takeover). The owner
 * remembers its last answers so a retried request gets the same zone instead of a second split.
 */
final class JoinDesk {

    private static final Logger log = LoggerFactory.getLogger(JoinDesk.class);
    private static final int REMEMBERED_ANSWERS = 8;

    private final CanNode node;
    private List<NodeId> bootstraps = List.of();
    private long attempt;
    private Timer retry;
    private Map<NodeId, JoinAccept> answered;

    JoinDesk(CanNode node) {
        this.node = node;
    }

    NodeId bootstrap() {
        return bootstraps.get((int) (Math.max(0, attempt - 1) % bootstraps.size()));
    }

    void requestJoin(List<NodeId> via) {
        bootstraps = List.copyOf(via);
        via.forEach(node.acquaintances()::add);
        requestJoin();
    }

    private void requestJoin() {
        attempt++;
        NodeId via = bootstrap();
        JoinRequest request = new JoinRequest(node.id(), node.point(), attempt);
        node.ctx().send(via, new RouteEnvelope(node.point(), node.id(), 0, node.config().hopLimit(), request));
        retry = node.ctx().schedule(node.config().joinRetryMillis(), () -> {
            if (node.phase() == CanPhase.JOINING) {
                log.debug("{}: join attempt {} via {} unanswered, retrying", node.ctxName(), attempt, via);
                requestJoin();
            }
        });
    }

    void onAccept(JoinAccept accept) {
        if (accept.zones().length == 0) {
            if (node.phase() == CanPhase.JOINING) {
                // The owner's point equals ours: only a different virtual coordinate can separate us.
                node.redrawVirtualCoordinate();
                retry.cancel();
                requestJoin();
            }
            return;
        }
        if (retry != null) {
            retry.cancel();
        }
        node.activateWith(accept.zones(), accept.neighbours());
    }

    void onJoinRequest(JoinRequest join) {
        NodeId joiner = join.joiner();
        JoinAccept earlier = answered == null ? null : answered.get(joiner);
        if (earlier != null) {
            node.ctx().send(joiner, earlier);
            return;
        }
        OwnZones zones = node.ownZones();
        Zone target = zones.containing(join.point());
        Zone given;
        if (!target.contains(node.point()) && zones.size() > 1) {
            // A zone held only by takeover goes whole to the first node that joins inside it.
            given = target.reissued(target.epoch() + 1);
            zones.remove(target);
        } else {
            SplitRule.Split split = target.contains(node.point())
                    ? node.config().split().choose(target, node.point(), join.point())
                    : SplitRule.halve(target);
            if (split == null) {
                node.ctx().send(joiner, new JoinAccept(new Zone[0], new NodeZones[0], join.attempt()));
                return;
            }
            Zone[] halves = target.split(split.dimension(), split.at(), target.epoch() + 1);
            boolean giveLower = halves[0].contains(join.point());
            zones.replace(target, giveLower ? halves[1] : halves[0]);
            given = giveLower ? halves[0] : halves[1];
        }
        Zone[] givenZones = {given};
        // Collect the joiner's neighbours before our own table is pruned to our smaller zone.
        List<NodeZones> around = new ArrayList<>();
        for (NeighbourEntry e : node.table().entries()) {
            if (given.isNeighbourOfAny(e.zones())) {
                around.add(e.claim());
            }
        }
        node.listener().zonesHandedOver(givenZones, joiner);
        node.zonesChanged(new NodeZones[] {new NodeZones(joiner, 0, givenZones)});
        around.add(0, node.claim());
        JoinAccept accept = new JoinAccept(givenZones, around.toArray(new NodeZones[0]), join.attempt());
        remember(joiner, accept);
        node.ctx().send(joiner, accept);
    }

    private void remember(NodeId joiner, JoinAccept accept) {
        if (answered == null) {
            answered = new LinkedHashMap<>(8, 0.75f, false) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<NodeId, JoinAccept> eldest) {
                    return size() > REMEMBERED_ANSWERS;
                }
            };
        }
        answered.put(joiner, accept);
    }

    void cancel() {
        if (retry != null) {
            retry.cancel();
        }
    }
}
