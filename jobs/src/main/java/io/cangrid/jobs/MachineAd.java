package io.cangrid.jobs;

import io.cangrid.overlay.ad.Ad;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.Match;
import io.cangrid.overlay.ad.ResourceAttributes;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Map;
import java.util.Objects;

/**
 * A run node's ad and its owner's word on which jobs it takes: its capabilities as attributes
 * ({@code CpuSpeed}, {@code Memory}, {@code Disk}, {@code Cpus}), the attributes detected on the machine and
 * set by its operator ({@code OpSys = "LINUX"}, {@code Licenses = {"matlab"}}), and {@code Start}, the
 * operator's {@code --accept} expression, evaluated with the job as {@code other}. A job runs here only when
 * both sides are true: its requirements of this machine, and this machine's {@code Start} of it.
 *
 * @param utcOffsetSeconds the machine's offset from UTC, so that {@code DayTime()} is its owner's time of day
 */
public record MachineAd(Ad ad, int utcOffsetSeconds) {

    /** Half a day each way and more: the offsets in use run from UTC-12 to UTC+14. */
    public static final int MAX_UTC_OFFSET_SECONDS = 18 * 3600;

    public MachineAd {
        Objects.requireNonNull(ad, "ad");
        if (Math.abs(utcOffsetSeconds) > MAX_UTC_OFFSET_SECONDS) {
            throw new IllegalArgumentException("a machine's offset from UTC is at most 18 hours either way, not "
                    + utcOffsetSeconds + " s");
        }
    }

    /** Whether the machine's owner says which jobs it takes ({@code Start}, or {@code Requirements}). */
    public boolean hasPolicy() {
        for (String name : Match.REQUIREMENT_NAMES) {
            if (ad.has(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The ad of a node with {@code capabilities} in {@code schema}, {@code attributes} besides (an attribute
     * named like a capability's is refused: the capability says it), accepting the jobs {@code accept} is true
     * of (null: any job).
     */
    public static MachineAd of(ResourceSchema schema, Capabilities capabilities, Map<String, Value> attributes,
            String accept, int utcOffsetSeconds) {
        return of(schema, capabilities, attributes, accept, null, utcOffsetSeconds);
    }

    /**
     * As {@link #of(ResourceSchema, Capabilities, Map, String, int)}, preferring jobs as {@code prefer} ranks
     * them (the machine's {@code Rank}, the job being {@code other}; null: no preference): its queue puts the
     * jobs it ranks higher first.
     */
    public static MachineAd of(ResourceSchema schema, Capabilities capabilities, Map<String, Value> attributes,
            String accept, String prefer, int utcOffsetSeconds) {
        Ad ad = ResourceAttributes.adOf(schema, capabilities);
        for (Map.Entry<String, Value> a : attributes.entrySet()) {
            if (ad.has(a.getKey())) {
                throw new IllegalArgumentException("attribute " + a.getKey() + " is this node's capability, set by"
                        + " its resource options, not by an attribute");
            }
            if (a.getKey().equalsIgnoreCase("Start") || a.getKey().equalsIgnoreCase("Requirements")) {
                throw new IllegalArgumentException("attribute " + a.getKey() + " is the node's policy: set it with"
                        + " --accept");
            }
            if (a.getKey().equalsIgnoreCase(Match.RANK)) {
                throw new IllegalArgumentException("attribute " + a.getKey() + " is the node's preference: set it"
                        + " with --prefer");
            }
            ad = ad.with(a.getKey(), a.getValue());
        }
        if (accept != null) {
            ad = ad.with("Start", Expr.parse(accept));
        }
        if (prefer != null) {
            ad = ad.with(Match.RANK, Expr.parse(prefer));
        }
        return new MachineAd(ad, utcOffsetSeconds);
    }

    /**
     * How much this machine prefers {@code spec} at {@code nowMillis}: its {@code Rank} of the job, 0 when it
     * has none or the rank is not a number.
     */
    public double preference(JobSpec spec, ResourceSchema schema, long nowMillis) {
        return ad.has(Match.RANK) ? Match.rank(ad, spec.ad(schema), dayTime(nowMillis)) : 0;
    }

    /** Seconds since this machine's midnight at {@code nowMillis} (ms since the epoch, or a simulation's time). */
    long dayTime(long nowMillis) {
        return Math.floorMod(Math.floorDiv(nowMillis, 1000) + utcOffsetSeconds, 86_400L);
    }

    /**
     * Why this machine does not take {@code spec} at {@code nowMillis}, or null when both sides say yes: the
     * job's requirements of this machine, then this machine's {@code Start} of the job.
     */
    public String refusal(JobSpec spec, ResourceSchema schema, long nowMillis) {
        return refusal(spec.ad(schema), nowMillis);
    }

    /** As {@link #refusal(JobSpec, ResourceSchema, long)}, for a job whose ad is {@code job}. */
    String refusal(Ad job, long nowMillis) {
        long t = dayTime(nowMillis);
        Value theirs = Match.requirement(job, ad, t);
        if (!theirs.isTrue()) {
            return "the job's requirements are " + theirs + " on this machine (" + job.get("Requirements") + ")";
        }
        Value ours = Match.requirement(ad, job, t);
        if (!ours.isTrue()) {
            return "this machine's --accept is " + ours + " for the job (" + ad.get("Start") + ")";
        }
        return null;
    }
}
