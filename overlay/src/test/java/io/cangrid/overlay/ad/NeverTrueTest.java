package io.cangrid.overlay.ad;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A requirement comparing a machine attribute with a literal of another type can never be true. */
class NeverTrueTest {

    private static final Ad JOB = Ad.parse("[ Memory = \"the job's own\" ]");

    @Test
    void findsTheComparisonsThatCanNeverBeTrue() {
        assertThat(NeverTrue.find(Expr.parse("other.Cpus > 1 && other.Memory == \"lots\""), JOB))
                .isEqualTo("other.Memory is a number on every machine and \"lots\" is not: the comparison can never"
                        + " be true");
        assertThat(NeverTrue.find(Expr.parse("!(3 < TARGET.OpSys) || true"), JOB)).contains("other.OpSys is a string");
        assertThat(NeverTrue.find(Expr.parse("Disk >= \"10G\""), JOB)).contains("Disk is a number");
    }

    @Test
    void leavesAloneWhatMayBeTrue() {
        assertThat(NeverTrue.find(Expr.parse("other.Memory >= 2G && other.OpSys == \"LINUX\""), JOB)).isNull();
        // The job's own attribute, not the machine's; and =?= says false rather than error.
        assertThat(NeverTrue.find(Expr.parse("Memory == \"x\" && other.Memory =?= \"x\""), JOB)).isNull();
        // Attributes an operator sets may be of any type.
        assertThat(NeverTrue.find(Expr.parse("other.GpuMemory == \"lots\""), JOB)).isNull();
    }
}
