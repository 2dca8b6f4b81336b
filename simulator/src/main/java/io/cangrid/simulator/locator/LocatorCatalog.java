package io.cangrid.simulator.locator;

import io.cangrid.can.match.BasicCanLocator;
import io.cangrid.can.match.CanOverlay;
import io.cangrid.jobs.LocatorFactory;
import io.cangrid.load.push.CanPConfig;
import io.cangrid.load.push.CanPLocator;
import io.cangrid.load.push.CanPOptionTable;
import io.cangrid.overlay.resource.ResourceSchema;
import io.cangrid.simulator.baseline.GlobalView;
import io.cangrid.simulator.baseline.OracleLocator;
import io.cangrid.simulator.baseline.OraclePolicy;
import java.util.List;

/** The locators a scenario may name, in the order reports list them. */
public final class LocatorCatalog {

    public static final String CENTRAL = "CENTRAL";
    public static final String CENTRAL_MCT = "CENTRAL-MCT";
    public static final String CENTRAL_BESTFIT = "CENTRAL-BESTFIT";
    public static final String CENTRAL_RANDFREE = "CENTRAL-RANDFREE";
    public static final String CAN = "CAN";
    public static final String CAN_P1 = "CAN-P1";
    public static final String CAN_P2 = "CAN-P2";
    public static final String CAN_P3 = "CAN-P3";
    public static final String CAN_PX = "CAN-PX";
    /** HYGRA's search on HYGRA's own overlay; every other locator runs on the CAN. */
    public static final String HYGRA = "HYGRA";

    private static final List<String> NAMES = List.of(CENTRAL, CENTRAL_MCT, CENTRAL_BESTFIT, CENTRAL_RANDFREE, CAN,
            CAN_P1, CAN_P2, CAN_P3, CAN_PX, HYGRA);

    private LocatorCatalog() {
    }

    public static List<String> names() {
        return NAMES;
    }

    /**
     * The factory of the locator a scenario names (see {@link LocatorSpec} for options); oracles read
     * {@code view}.
     *
     * @throws IllegalArgumentException naming what is wrong and the valid names or options
     */
    public static LocatorFactory<? super CanOverlay> factory(String spec, ResourceSchema schema, GlobalView view) {
        LocatorSpec parsed = LocatorSpec.parse(spec);
        String name = parsed.name();
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("unknown locator '" + name + "'; known: " + String.join(", ", NAMES));
        }
        if (name.equals(HYGRA)) {
            throw new IllegalArgumentException("locator " + HYGRA + " runs on its own overlay, not on the CAN");
        }
        if (!name.startsWith("CAN-P") && !parsed.options().isEmpty()) {
            throw new IllegalArgumentException("locator " + name + " takes no options; options "
                    + CanPOptionTable.names() + " apply to CAN-P1, CAN-P2, CAN-P3 and CAN-PX, options "
                    + HygraOptions.KEYS + " to HYGRA");
        }
        return switch (name) {
            case CENTRAL -> OracleLocator.factory(view, OraclePolicy.CENTRAL, schema);
            case CENTRAL_MCT -> OracleLocator.factory(view, OraclePolicy.CENTRAL_MCT, schema);
            case CENTRAL_BESTFIT -> OracleLocator.factory(view, OraclePolicy.CENTRAL_BESTFIT, schema);
            case CENTRAL_RANDFREE -> OracleLocator.factory(view, OraclePolicy.CENTRAL_RANDFREE, schema);
            case CAN -> BasicCanLocator.factory(schema);
            default -> CanPLocator.factory(schema, CanPOptions.apply(canPBase(name), name, parsed.options()));
        };
    }

    /** Checks a locator spec as a scenario states it, without building anything. */
    public static void validate(String spec) {
        LocatorSpec parsed = LocatorSpec.parse(spec);
        if (parsed.name().equals(HYGRA)) {
            HygraOptions.apply(parsed.name(), parsed.options());
        } else {
            factory(spec, io.cangrid.overlay.resource.ResourceSchema.defaultSchema(), null);
        }
    }

    /** Whether {@code spec} names HYGRA, which brings its own grid kind. */
    public static boolean isHygra(String spec) {
        return LocatorSpec.parse(spec).name().equals(HYGRA);
    }

    /** The configuration a CAN-P locator named {@code name} starts from, before its options. */
    static CanPConfig canPBase(String name) {
        return switch (name) {
            case CAN_P1 -> CanPConfig.calibrated(1);
            case CAN_P2 -> CanPConfig.calibrated(2);
            case CAN_P3 -> CanPConfig.calibrated(3);
            case CAN_PX -> CanPConfig.px();
            default -> throw new IllegalStateException("not a CAN-P locator: " + name);
        };
    }

    public static boolean isOracle(String spec) {
        return spec.strip().startsWith("CENTRAL");
    }

    /** The locators a live node can run: every one but the oracles, which need the whole grid in view. */
    public static List<String> liveNames() {
        return NAMES.stream().filter(n -> !isOracle(n)).toList();
    }

    /**
     * Checks a locator spec a live node is started with.
     *
     * @throws IllegalArgumentException naming what is wrong and the locators a live node can run
     */
    public static void validateLive(String spec) {
        if (isOracle(spec)) {
            throw new IllegalArgumentException("locator " + LocatorSpec.parse(spec).name() + " is an oracle that sees"
                    + " the whole grid at once: it runs only in simulation; a live node runs one of: "
                    + String.join(", ", liveNames()));
        }
        try {
            validate(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage().replace("known: " + String.join(", ", NAMES),
                    "a live node runs one of: " + String.join(", ", liveNames())), e);
        }
    }
}
