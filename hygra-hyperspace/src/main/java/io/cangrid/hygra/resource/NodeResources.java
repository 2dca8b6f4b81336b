package io.cangrid.hygra.resource;

import java.util.Map;
import java.util.TreeMap;

/**
 * What one node has: its capacity, and the jobs holding part of it. A node hosts jobs while what they ask
 * for fits in what is left; available = capacity minus everything held.
 */
public final class NodeResources {

    private final ResourceVector capacity;
    private final Map<Long, ResourceVector> held = new TreeMap<>();
    private ResourceVector available;

    public NodeResources(ResourceVector capacity) {
        this.capacity = capacity;
        this.available = capacity;
    }

    public ResourceVector capacity() {
        return capacity;
    }

    public ResourceVector available() {
        return available;
    }

    public boolean canHost(ResourceVector request) {
        return available.covers(request);
    }

    public int jobCount() {
        return held.size();
    }

    /** Takes what the job asks for; the caller has checked {@link #canHost}. */
    public void hold(long jobId, ResourceVector request) {
        if (!canHost(request)) {
            throw new IllegalStateException("job " + jobId + " asks " + request + " but only " + available + " is free");
        }
        if (held.putIfAbsent(jobId, request) != null) {
            throw new IllegalStateException("job " + jobId + " already runs here");
        }
        available = available.minus(request);
    }

    /** Gives back what the job held; false when the job does not run here. */
    public boolean release(long jobId) {
        ResourceVector request = held.remove(jobId);
        if (request == null) {
            return false;
        }
        ResourceVector left = capacity;
        for (ResourceVector other : held.values()) {
            left = left.minus(other);
        }
        available = left;
        return true;
    }
}
