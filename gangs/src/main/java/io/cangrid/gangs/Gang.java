package io.cangrid.gangs;

import java.util.List;
import java.util.stream.Collectors;

/** A consistent gang: its root, its members (root first) and which port of which member docks which. */
public record Gang(GangAd root, List<GangAd> members, List<Binding> bindings) {

    /** The member docked at the root's port labelled {@code label}, or null. */
    public GangAd at(String label) {
        for (Binding b : bindings) {
            if (b.ad() == root && b.ad().ports().get(b.port()).label().equalsIgnoreCase(label)) {
                return b.other();
            }
        }
        return null;
    }

    public List<String> memberNames() {
        return members.stream().map(GangAd::name).toList();
    }

    @Override
    public String toString() {
        return "gang of " + root.name() + ": " + bindings.stream().map(Binding::toString)
                .collect(Collectors.joining(", "));
    }
}
