package io.cangrid.overlay.ad;

import io.cangrid.overlay.resource.Requirements;
import io.cangrid.overlay.resource.ResourceDimension;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.Arrays;
import java.util.Locale;

/**
 * The box of the resource space a job's requirement confines its machines to: per real dimension, bounds that
 * every machine for which the requirement is true lies within, in the dimension's own units. It is a sound
 * superset, never a tight fit: a machine outside the box cannot satisfy the requirement, so a search that
 * covers the box misses none, while a machine inside must still be checked against the whole requirement.
 *
 * <p>Derived from the expression's form: {@code other.Memory >= 2G} (either way round, the constant side any
 * expression the job's ad evaluates alone, such as {@code ImageSize}) bounds a dimension from below, {@code <=}
 * and {@code <} from above, {@code ==} from both; {@code &&} intersects boxes and {@code ||} takes their hull;
 * anything else ({@code !}, functions, {@code ?:}, other attributes) bounds nothing. A bare name the job's ad
 * lacks refers to the machine, as in matching.
 */
public final class RequirementBox {

    private final double[] lo;
    private final double[] hi;

    private RequirementBox(double[] lo, double[] hi) {
        this.lo = lo;
        this.hi = hi;
    }

    /** The box of {@code requirement}, a requirement of {@code job}'s, in {@code schema}'s real dimensions. */
    public static RequirementBox of(Expr requirement, Ad job, ResourceSchema schema) {
        return new Deriver(job, schema).box(requirement);
    }

    private static RequirementBox whole(int n) {
        double[] lo = new double[n];
        double[] hi = new double[n];
        Arrays.fill(lo, Double.NEGATIVE_INFINITY);
        Arrays.fill(hi, Double.POSITIVE_INFINITY);
        return new RequirementBox(lo, hi);
    }

    public double lo(int dimension) {
        return lo[dimension];
    }

    public double hi(int dimension) {
        return hi[dimension];
    }

    /** Whether no machine can satisfy the requirement: some dimension's bounds cross. */
    public boolean isEmpty() {
        for (int i = 0; i < lo.length; i++) {
            if (lo[i] > hi[i]) {
                return true;
            }
        }
        return false;
    }

    /** Whether raw values {@code v} (one a real dimension, in the dimensions' units) lie within the box. */
    public boolean contains(double[] v) {
        for (int i = 0; i < lo.length; i++) {
            if (v[i] < lo[i] || v[i] > hi[i]) {
                return false;
            }
        }
        return true;
    }

    /** The lower bounds as the overlay's minimum requirements (0, none, where there is no positive bound). */
    public Requirements minimums() {
        double[] min = new double[lo.length];
        for (int i = 0; i < lo.length; i++) {
            min[i] = lo[i] > 0 && !Double.isInfinite(lo[i]) ? lo[i] : 0;
        }
        return new Requirements(min);
    }

    private RequirementBox intersect(RequirementBox o) {
        double[] l = lo.clone();
        double[] h = hi.clone();
        for (int i = 0; i < l.length; i++) {
            l[i] = Math.max(l[i], o.lo[i]);
            h[i] = Math.min(h[i], o.hi[i]);
        }
        return new RequirementBox(l, h);
    }

    private RequirementBox hull(RequirementBox o) {
        if (isEmpty()) {
            return o;
        }
        if (o.isEmpty()) {
            return this;
        }
        double[] l = lo.clone();
        double[] h = hi.clone();
        for (int i = 0; i < l.length; i++) {
            l[i] = Math.min(l[i], o.lo[i]);
            h[i] = Math.max(h[i], o.hi[i]);
        }
        return new RequirementBox(l, h);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < lo.length; i++) {
            b.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%s..%s", lo[i], hi[i]));
        }
        return b.append(']').toString();
    }

    private record Deriver(Ad job, ResourceSchema schema) {

        RequirementBox box(Expr e) {
            if (e instanceof Expr.And a) {
                return box(a.left()).intersect(box(a.right()));
            }
            if (e instanceof Expr.Or o) {
                return box(o.left()).hull(box(o.right()));
            }
            RequirementBox all = whole(schema.realDimensions());
            if (!(e instanceof Expr.Binary b)) {
                return all;
            }
            int d = dimensionOf(b.left());
            Op op = b.op();
            Expr constant = b.right();
            if (d < 0) {
                d = dimensionOf(b.right());
                op = flipped(op);
                constant = b.left();
            }
            if (d < 0 || op == null) {
                return all;
            }
            Double c = Scope.of(job).evaluate(constant).number();
            if (c == null || c.isNaN()) {
                return all;
            }
            double v = c * ResourceAttributes.toDimension(schema.dimension(d));
            switch (op) {
                case GREATER, GREATER_OR_EQUAL -> all.lo[d] = v;
                case LESS, LESS_OR_EQUAL -> all.hi[d] = v;
                case EQUAL, IS -> {
                    all.lo[d] = v;
                    all.hi[d] = v;
                }
                default -> {
                    return all;
                }
            }
            return all;
        }

        /** The dimension {@code e} reads on the machine's side ({@code other.Memory}, or a bare name the job lacks), or -1. */
        private int dimensionOf(Expr e) {
            if (!(e instanceof Expr.Ref r) || r.scope() == Expr.Ref.Kind.MY
                    || (r.scope() == Expr.Ref.Kind.ANY && job.has(r.name()))) {
                return -1;
            }
            for (int i = 0; i < schema.realDimensions(); i++) {
                ResourceDimension dim = schema.dimension(i);
                if (ResourceAttributes.attribute(dim).equalsIgnoreCase(r.name())) {
                    return i;
                }
            }
            return -1;
        }

        /** {@code a op b} as {@code b op' a}; null for an operator that bounds nothing. */
        private static Op flipped(Op op) {
            return switch (op) {
                case LESS -> Op.GREATER;
                case LESS_OR_EQUAL -> Op.GREATER_OR_EQUAL;
                case GREATER -> Op.LESS;
                case GREATER_OR_EQUAL -> Op.LESS_OR_EQUAL;
                case EQUAL, IS -> op;
                default -> null;
            };
        }
    }
}
