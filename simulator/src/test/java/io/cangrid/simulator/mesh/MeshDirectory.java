package io.cangrid.simulator.mesh;

import io.cangrid.overlay.NodeId;
import java.util.ArrayList;
import java.util.List;

/**
 * Who belongs to a mesh grid: the premise of a full mesh is that every node knows every other, so the
 * members are written here as they join and read by every member. Liveness is not: a member learns that
 * another died only by no longer hearing from it.
 */
final class MeshDirectory {

    private final List<NodeId> members = new ArrayList<>();

    void joined(NodeId id) {
        members.add(id);
    }

    List<NodeId> members() {
        return List.copyOf(members);
    }
}
