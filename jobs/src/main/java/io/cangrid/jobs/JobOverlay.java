package io.cangrid.jobs;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.overlay.resource.Capabilities;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * What the job life cycle needs from an overlay, whichever it is (the CAN, HYGRA's hyperspace, a test's
 * full mesh): carry a message to the owner of a point, tell who the neighbours are and what they last
 * published, publish this node's own state with the overlay's periodic messages, and say when part of the
 * space (and so the ownership of the jobs whose points lie there) changes hands. {@link JobNode} assembles
 * an overlay, a {@link JobAgent} and a {@link Locator} on one node; locators written for one overlay may
 * reach past this interface to the overlay itself.
 */
public interface JobOverlay {

    /** Where routed messages and hand-overs are reported; set once, before {@link #start}. */
    interface Events {

        /** {@code payload}, routed with {@link #routeToOwner}, reached this node, the owner of its point. */
        void arrived(Message payload, int hops);

        /** Space this node owned now belongs to {@code to}: the points {@code inside} accepts. */
        void handedOver(Predicate<Point> inside, NodeId to);

        /**
         * This node passed {@code payload}, routed with {@link #routeToOwner}, on to {@code next}, nearer its
         * point. Overlays that do not report hops leave it unheard.
         */
        default void forwarded(Message payload, NodeId next) {
        }
    }

    /** A neighbour and what it published last (null until its first state arrives). */
    record Neighbour(NodeId id, Capabilities capabilities, Message published) {
    }

    void setEvents(Events events);

    /** Starts a new grid when {@code bootstraps} is empty, otherwise joins through them. */
    void start(List<NodeId> bootstraps);

    /** Hands over what this node holds and leaves; the overlay calls the context's exit when done. */
    void leave();

    boolean handles(Message message);

    void receive(NodeId from, Message message);

    /** A message of another layer came from {@code from}: for an overlay that takes any message as proof of life. */
    default void heardFrom(NodeId from) {
    }

    /** Whether this node takes part in the overlay now (joined, not left). */
    boolean isActive();

    Capabilities capabilities();

    /** Carries {@code payload} to the node owning {@code point}, where {@link Events#arrived} reports it. */
    void routeToOwner(Point point, Message payload);

    /**
     * Whether this node owns {@code point} now. An overlay that cannot tell says yes: what an owner keeps of
     * the jobs there then stays where it is.
     */
    default boolean holds(Point point) {
        return true;
    }

    /** The neighbours as last heard from. */
    List<Neighbour> neighbours();

    /** The part of the space this node owns now, in words, for explanations. */
    default String describeZones() {
        return "";
    }

    /** What rides on this node's overlay state messages, read each time one leaves. */
    void publish(Supplier<Message> state);
}
