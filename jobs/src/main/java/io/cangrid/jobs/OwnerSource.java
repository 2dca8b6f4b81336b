package io.cangrid.jobs;

/**
 * A source of the owner's presence as the node found it at start: {@code presence} to watch, or null when
 * it cannot be read here (then the node runs as if the source said "free", and says so once); {@code describe}
 * is its part of the node's start line; {@code warning}, when not null, is worth the operator's attention
 * (logged at WARN once): the owner asked for something the machine cannot give.
 */
public record OwnerSource(OwnerPresence presence, String describe, String warning) {

    /** A source that is watched and needs no warning. */
    public static OwnerSource watched(OwnerPresence presence, String describe) {
        return new OwnerSource(java.util.Objects.requireNonNull(presence, "presence"), describe, null);
    }

    /** A source that cannot be read here: {@code name}: unreadable ({@code why}), not watched. */
    public static OwnerSource unreadable(String name, String why) {
        String line = name + ": unreadable (" + why + "), not watched";
        return new OwnerSource(null, line, line);
    }

    public boolean isWatched() {
        return presence != null;
    }
}
