package io.cangrid.overlay.ad;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/**
 * The box a requirement confines its machines to loses none of them: for random requirements (comparisons of
 * the dimensions' attributes with constants and with the job's own attributes, either way round, joined by
 * {@code && || !}, mixed with conditions the box cannot read) and random machines, every machine for which
 * the requirement is true lies inside the box.
 */
class RequirementBoxProperties {

    private static final ResourceSchema SCHEMA = ResourceSchema.desktopSchema();
    private static final String[] ATTRIBUTES = {"CpuSpeed", "Memory", "Disk", "Cpus"};
    private static final String[] OPS = {"<", "<=", ">", ">=", "==", "!=", "=?=", "=!="};
    private static final Ad JOB = Ad.parse("[ ImageSize = 2048; Scratch = 40G; Owner = \"alice\"; Wide = other.Cpus ]");

    @Property(tries = 300)
    void noMachineThatSatisfiesTheRequirementLiesOutsideItsBox(@ForAll @LongRange(min = 1) long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        String text = expression(r, 4);
        Expr requirement = Expr.parse(text);
        RequirementBox box = RequirementBox.of(requirement, JOB, SCHEMA);
        for (int i = 0; i < 200; i++) {
            double[] raw = machine(r);
            Ad machine = ResourceAttributes.adOf(SCHEMA, new Capabilities(raw)).with("OpSys",
                    Value.of(r.nextBoolean() ? "LINUX" : "WINDOWS"));
            if (requirement.evaluate(Scope.of(JOB, machine, r.nextLong(86_400))).isTrue()) {
                assertThat(box.contains(raw)).as("seed %d: %s satisfies %s but lies outside %s", seed, machine, text,
                        box).isTrue();
            }
        }
    }

    @Test
    void theBoxBoundsWhatTheRequirementBounds() {
        RequirementBox box = RequirementBox.of(Expr.parse(
                "other.Memory >= ImageSize && 8 >= other.Cpus && (other.Disk > 20G || other.Disk == 100G)"
                        + " && other.OpSys == \"LINUX\" && regexp(\"x\", Owner)"), JOB, SCHEMA);
        assertThat(box.lo(SCHEMA.indexOf(ResourceSchema.MEMORY))).isEqualTo(2048.0);
        assertThat(box.hi(SCHEMA.indexOf(ResourceSchema.CORES))).isEqualTo(8.0);
        assertThat(box.lo(SCHEMA.indexOf(ResourceSchema.DISK))).isEqualTo(20.0); // GiB on the disk axis
        assertThat(box.hi(SCHEMA.indexOf(ResourceSchema.CPU))).isInfinite();
        assertThat(box.minimums().toArray()).containsExactly(0, 2048, 20, 0);
        assertThat(RequirementBox.of(Expr.parse("other.Memory > 4G && other.Memory < 2G"), JOB, SCHEMA).isEmpty())
                .isTrue();
        // The job's own attribute that reads the machine is no constant, nor is the time of day.
        assertThat(RequirementBox.of(Expr.parse("other.Cpus >= Wide && other.Memory <= DayTime()"), JOB, SCHEMA)
                .minimums().toArray()).containsExactly(0, 0, 0, 0);
    }

    private static String expression(SplittableRandom r, int depth) {
        int pick = r.nextInt(depth <= 0 ? 4 : 8);
        return switch (pick) {
            case 0, 1 -> comparison(r);
            case 2 -> "other.OpSys == \"LINUX\"";
            case 3 -> List.of("member(other.Cpus, {1, 2, 4})", "other.Memory >= DayTime()", "other.Cpus >= Wide",
                    "ifThenElse(other.Cpus > 2, other.Memory > 1024, other.Disk < 10G)", "true", "undefined")
                    .get(r.nextInt(6));
            case 4 -> "!(" + expression(r, depth - 1) + ")";
            case 5 -> "(" + expression(r, depth - 1) + " || " + expression(r, depth - 1) + ")";
            default -> "(" + expression(r, depth - 1) + " && " + expression(r, depth - 1) + ")";
        };
    }

    private static String comparison(SplittableRandom r) {
        String attribute = (r.nextBoolean() ? "other." : "") + ATTRIBUTES[r.nextInt(ATTRIBUTES.length)];
        String constant = switch (r.nextInt(4)) {
            case 0 -> "ImageSize";
            case 1 -> "Scratch";
            case 2 -> Integer.toString(r.nextInt(1, 64));
            default -> r.nextInt(1, 512) + "G";
        };
        String op = OPS[r.nextInt(OPS.length)];
        return r.nextBoolean() ? attribute + " " + op + " " + constant : constant + " " + op + " " + attribute;
    }

    /** Raw values of a machine: cpu speed, memory MiB, disk GiB, cores; some exactly on a bound's value. */
    private static double[] machine(SplittableRandom r) {
        return new double[] {
            r.nextBoolean() ? r.nextInt(1, 9) : 0.25 + r.nextDouble() * 8,
            r.nextBoolean() ? 2048 : r.nextInt(256, 262144),
            r.nextBoolean() ? 40 : r.nextInt(1, 16384),
            r.nextInt(1, 65)};
    }
}
