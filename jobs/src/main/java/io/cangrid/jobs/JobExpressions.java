package io.cangrid.jobs;

import io.cangrid.overlay.UserName;
import io.cangrid.overlay.ad.Ad;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.RequirementBox;
import io.cangrid.overlay.resource.ResourceSchema;

/**
 * A job's requirements and rank as its user wrote them, in the requirements language
 * ({@code io.cangrid.overlay.ad}): both are checked as they are read, from a client or off the network,
 * so a malformed one is refused where it enters; and the job's {@code Owner}, which the node that takes the
 * job from its client sets from the client's credential, whatever the client sent. Any may be null.
 *
 * @param requirements what a machine must satisfy, {@code other} being the machine's ad (null: nothing more
 *                     than the job's minimums)
 * @param rank         how much the job prefers a machine, higher better (null: no preference)
 * @param owner        the user the submitting client's credential names (null: none)
 */
public record JobExpressions(String requirements, String rank, String owner) {

    public static final JobExpressions NONE = new JobExpressions(null, null, null);

    public JobExpressions {
        if (requirements != null) {
            Expr.parse(requirements);
        }
        if (rank != null) {
            Expr.parse(rank);
        }
        if (owner != null) {
            UserName.check(owner);
        }
    }

    public JobExpressions(String requirements, String rank) {
        this(requirements, rank, null);
    }

    public boolean isEmpty() {
        return requirements == null && rank == null && owner == null;
    }

    /** The same requirements and rank, owned by {@code user} (null: by no one named). */
    public JobExpressions ownedBy(String user) {
        return new JobExpressions(requirements, rank, user);
    }

    /** The requirements parsed ({@code true} when none were given). */
    public Expr requirementsExpr() {
        return Expr.parse(requirements == null ? "true" : requirements);
    }

    /** The box of {@code schema}'s resource space that the requirements confine machines to, {@code job} being the job's ad. */
    public RequirementBox box(Ad job, ResourceSchema schema) {
        return RequirementBox.of(requirementsExpr(), job, schema);
    }
}
