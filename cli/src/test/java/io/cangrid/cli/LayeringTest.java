package io.cangrid.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of the modules, checked on the compiled main code of every module on this class path (the
 * CLI's tests see them all). A rule here is a design decision of {@code docs/design.md}: the kernel knows no
 * protocol, protocols know only the kernel and the job seams, and only the runtimes touch real time.
 */
class LayeringTest {

    /** The protocols' own roots; each may use the kernel, the job seams and itself. */
    private static final String KERNEL = "io.cangrid.overlay..";
    private static final String[] JOB_SEAMS = {"io.cangrid.jobs", "io.cangrid.jobs.message"};
    private static final String[] LIBRARIES = {"java..", "org.slf4j.."};

    private static JavaClasses main;

    @BeforeAll
    static void importMainCode() {
        main = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                // Other modules' test-jars (their shared fixtures) are test code too, not the main code ruled here.
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.cangrid");
    }

    @Test
    void theKernelImportsNoOtherCangridPackage() {
        noClasses().that().resideInAPackage(KERNEL)
                .should().dependOnClassesThat(resideInAPackage("io.cangrid..").and(resideOutsideOfPackage(KERNEL)))
                .because("the kernel is what every overlay and runtime builds on")
                .check(main);
    }

    @Test
    void theKernelCarriesNoNettyCaffeineOrHdrHistogram() {
        noClasses().that().resideInAPackage(KERNEL)
                .should().dependOnClassesThat().resideInAnyPackage("io.netty..", "com.github.benmanes..",
                        "org.HdrHistogram..")
                .because("the live runtime and the job roles bring their own libraries")
                .check(main);
    }

    @Test
    void kryoStaysInsideTheKernelsWirePackage() {
        noClasses().that().resideOutsideOfPackages("io.cangrid.overlay.wire", "io.cangrid.live..")
                .should().dependOnClassesThat().resideInAPackage("com.esotericsoftware..")
                .because("protocols write their values through ValueCodec; Kryo is one implementation of it")
                .check(main);
    }

    @Test
    void canRoutingUsesOnlyTheKernelAndTheJobSeams() {
        protocol("io.cangrid.can..").check(main);
    }

    @Test
    void loadAggregationUsesOnlyTheKernelTheJobSeamsAndTheCan() {
        protocol("io.cangrid.load..", "io.cangrid.can..").check(main);
    }

    @Test
    void hygraUsesOnlyTheKernelAndTheJobSeams() {
        protocol("io.cangrid.hygra..").check(main);
    }

    @Test
    void gangmatchingUsesOnlyTheKernel() {
        classes().that().resideInAPackage("io.cangrid.gangs..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(concat(LIBRARIES, KERNEL, "io.cangrid.gangs.."))
                .because("gangmatching works on ads alone, and the claim of a gang's members on the kernel's context alone;"
                        + " how a grid finds and runs them is the job roles' concern")
                .check(main);
    }

    @Test
    void coallocationIsAnAlgorithmOnItsOwn() {
        classes().that().resideInAPackage("io.cangrid.coallocation..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(
                        concat(LIBRARIES, "io.cangrid.coallocation..", "org.jgrapht..", "com.google.ortools.."))
                .because("placing a request graph on clusters needs only the request and the offer; where they come"
                        + " from is the grid's concern")
                .check(main);
    }

    @Test
    void theJobRolesKnowNoOverlayAndNoRuntime() {
        classes().that().resideInAPackage("io.cangrid.jobs..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(concat(concat(LIBRARIES,
                        "io.cangrid.overlay..", "io.cangrid.jobs..", "com.github.benmanes.."), new String[0]))
                .check(main);
    }

    @Test
    void onlyRuntimesExecutionTheCliAndBenchmarksReadRealTimeOrRandomness() {
        noClasses().that().resideOutsideOfPackages("io.cangrid.overlay.sim", "io.cangrid.simulator.run", "io.cangrid.live..",
                        "io.cangrid.jobs.exec", "io.cangrid.jobs.gateway", "io.cangrid.cli..", "io.cangrid.bench..",
                        "io.cangrid.peersim..")
                .should().callCodeUnitWhere(REAL_TIME_OR_RANDOMNESS)
                .because("protocol code takes time, timers and randomness from its NodeContext, so that a run "
                        + "is reproducible from its seed")
                .check(main);
    }

    /**
     * A protocol's {@code message} package is its vocabulary: the messages carry the role's values and the
     * role sends them, so the two are one slice (see docs/design.md).
     */
    @Test
    void noPackageCycles() {
        slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(main);
    }

    private static final SliceAssignment PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass type) {
            String p = type.getPackageName();
            if (!p.startsWith("io.cangrid.")) {
                return SliceIdentifier.ignore();
            }
            return SliceIdentifier.of(p.endsWith(".message") ? p.substring(0, p.length() - ".message".length()) : p);
        }

        @Override
        public String getDescription() {
            return "packages, each protocol's message package with its role's";
        }
    };

    private static ArchRule protocol(String root, String... alsoAllowed) {
        return classes().that().resideInAPackage(root)
                .should().onlyDependOnClassesThat().resideInAnyPackage(
                        concat(concat(concat(LIBRARIES, KERNEL, root), JOB_SEAMS), alsoAllowed))
                .because("a protocol sees the node through the kernel and the job seams only");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static final DescribedPredicate<JavaCall<?>> REAL_TIME_OR_RANDOMNESS =
            new DescribedPredicate<>("reads the real clock, sleeps or draws unseeded randomness") {
                @Override
                public boolean test(JavaCall<?> call) {
                    String owner = call.getTargetOwner().getName();
                    String name = call.getName();
                    return switch (owner) {
                        case "java.lang.System" -> name.equals("nanoTime") || name.equals("currentTimeMillis");
                        case "java.lang.Thread" -> name.equals("sleep");
                        case "java.lang.Math", "java.lang.StrictMath" -> name.equals("random");
                        case "java.time.Instant", "java.time.LocalDateTime", "java.time.ZonedDateTime",
                                "java.time.OffsetDateTime", "java.time.LocalDate" -> name.equals("now");
                        case "java.time.Clock" -> name.startsWith("system");
                        case "java.util.concurrent.ThreadLocalRandom" -> name.equals("current");
                        case "java.util.Random", "java.security.SecureRandom" -> name.equals("<init>");
                        default -> false;
                    };
                }
            };
}
