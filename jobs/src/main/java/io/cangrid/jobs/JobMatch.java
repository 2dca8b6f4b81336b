package io.cangrid.jobs;

import io.cangrid.overlay.ad.Ad;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.Match;
import io.cangrid.overlay.ad.Op;
import io.cangrid.overlay.ad.ResourceAttributes;
import io.cangrid.overlay.ad.Scope;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;

/**
 * One job as a locator weighs machines for it: whether a machine, described by its capabilities and the ad
 * it publishes, takes the job (both sides, as the machine will judge on arrival), how much the job's
 * {@code Rank} prefers it, and which of the job's own requirements it fails. Built once per decision: the
 * job's ad is derived on first use, and a job with minimums only, weighed against machines without a policy,
 * is judged by its minimums alone, exactly as before requirements were expressions.
 */
public final class JobMatch {

    /** Conjuncts past this many are judged together: the search carries one bit per conjunct. */
    public static final int MAX_NAMED_CONJUNCTS = 63;

    private final JobSpec spec;
    private final ResourceSchema schema;
    private Ad ad;
    private List<Expr> conjuncts;

    private JobMatch(JobSpec spec, ResourceSchema schema) {
        this.spec = spec;
        this.schema = schema;
    }

    public static JobMatch of(JobSpec spec, ResourceSchema schema) {
        return new JobMatch(spec, schema);
    }

    public JobSpec spec() {
        return spec;
    }

    /** Whether the job says more than its minimums. */
    public boolean hasExpressions() {
        return !spec.expressions().isEmpty();
    }

    /** Whether the job has requirements beyond its minimums (which the CAN's geometry alone answers). */
    public boolean requiresMoreThanMinimums() {
        return spec.expressions().requirements() != null;
    }

    /** Whether the job ranks machines: then locators choose among the free candidates it ranks highest. */
    public boolean ranks() {
        return spec.expressions().rank() != null;
    }

    /**
     * Whether a machine of {@code capabilities}, publishing {@code machine} (null: nothing but its
     * capabilities), takes the job at {@code now}: its capabilities meet the minimums, the job's requirements
     * are true of it and its {@code Start} of the job.
     */
    public boolean accepts(Capabilities capabilities, MachineAd machine, long now) {
        if (!Capable.isCapable(capabilities, spec.requirements())) {
            return false;
        }
        if (!hasExpressions() && (machine == null || !machine.hasPolicy())) {
            return true;
        }
        return described(capabilities, machine).refusal(ad(), now) == null;
    }

    /**
     * Whether the job's side holds of the machine (its minimums and requirements), whatever the machine's
     * {@code Start} says of the job.
     */
    public boolean wants(Capabilities capabilities, MachineAd machine, long now) {
        if (!Capable.isCapable(capabilities, spec.requirements())) {
            return false;
        }
        if (!hasExpressions()) {
            return true;
        }
        MachineAd m = described(capabilities, machine);
        return Match.requirement(ad(), m.ad(), m.dayTime(now)).isTrue();
    }

    /** The job's {@code Rank} of the machine (0 when the job ranks none, or the rank is not a number). */
    public double rank(Capabilities capabilities, MachineAd machine, long now) {
        if (!ranks()) {
            return 0;
        }
        MachineAd m = described(capabilities, machine);
        return Match.rank(ad(), m.ad(), m.dayTime(now));
    }

    /**
     * The conjuncts of the job's own requirements (its top-level {@code &&}, minimums aside: those are
     * judged per dimension), at most {@link #MAX_NAMED_CONJUNCTS}.
     */
    public List<Expr> conjuncts() {
        if (conjuncts == null) {
            List<Expr> found = spec.expressions().requirements() == null ? List.of()
                    : Expr.conjuncts(spec.expressions().requirementsExpr());
            conjuncts = found.size() > MAX_NAMED_CONJUNCTS ? found.subList(0, MAX_NAMED_CONJUNCTS) : found;
        }
        return conjuncts;
    }

    /** One bit per conjunct the machine makes true (bit i for {@link #conjuncts()} entry i). */
    public long conjunctsMet(Capabilities capabilities, MachineAd machine, long now) {
        List<Expr> all = conjuncts();
        if (all.isEmpty()) {
            return 0;
        }
        MachineAd m = described(capabilities, machine);
        Scope scope = Scope.of(ad(), m.ad(), m.dayTime(now));
        long met = 0;
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).evaluate(scope).isTrue()) {
                met |= 1L << i;
            }
        }
        return met;
    }

    /** The machine's ad; for a machine that publishes none, the ad of its capabilities on UTC. */
    private MachineAd described(Capabilities capabilities, MachineAd machine) {
        return machine != null ? machine : new MachineAd(ResourceAttributes.adOf(schema, capabilities), 0);
    }

    /**
     * The string a machine's {@code attribute} must equal for the job's requirements to hold, when one of
     * their top-level conjuncts says so ({@code other.OpSys == "LINUX"}, either way round, {@code ==} or
     * {@code =?=}); null when none does.
     */
    public String required(String attribute) {
        for (Expr e : conjuncts()) {
            if (e instanceof Expr.Binary b && (b.op() == Op.EQUAL || b.op() == Op.IS)) {
                String value = otherEquals(b.left(), b.right(), attribute);
                if (value == null) {
                    value = otherEquals(b.right(), b.left(), attribute);
                }
                if (value != null) {
                    return value;
                }
            }
        }
        return null;
    }

    private static String otherEquals(Expr ref, Expr literal, String attribute) {
        return ref instanceof Expr.Ref r && r.scope() == Expr.Ref.Kind.OTHER && r.name().equalsIgnoreCase(attribute)
                && literal instanceof Expr.Literal l && l.value() instanceof Value.StringValue s ? s.value() : null;
    }

    /**
     * The NO_MATCH reason for a job that {@code refusing} nodes want but whose owners' {@code Start} refuses
     * it; null when there are none.
     */
    public static String refusedByOwners(int refusing) {
        return refusing == 0 ? null : refusing + " node(s) meet its requirements but their owners do not accept"
                + " it (their --accept is not true of the job)";
    }

    /**
     * The NO_MATCH reason naming the first conjunct of the job's requirements that no node weighed
     * satisfies ({@code met}: one bit per conjunct some node satisfied, as {@link #conjunctsMet} gives);
     * null when each was satisfied by some node.
     */
    public String unmetConjunct(long met) {
        List<Expr> all = conjuncts();
        for (int i = 0; i < all.size(); i++) {
            if ((met & (1L << i)) == 0) {
                return "no node satisfies " + all.get(i) + " (of its requirements " + spec.expressions().requirements()
                        + ")";
            }
        }
        return null;
    }

    private Ad ad() {
        if (ad == null) {
            ad = spec.ad(schema);
        }
        return ad;
    }
}
