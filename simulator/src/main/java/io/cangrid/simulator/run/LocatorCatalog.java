package io.cangrid.simulator.run;

import java.util.List;

/** The locators a scenario may name, in the order reports list them. */
public final class LocatorCatalog {

    public static final String CENTRAL = "CENTRAL";
    public static final String CENTRAL_MCT = "CENTRAL-MCT";
    public static final String CAN = "CAN";

    private static final List<String> NAMES = List.of(CENTRAL, CENTRAL_MCT, CAN);

    private LocatorCatalog() {
    }

    public static List<String> names() {
        return NAMES;
    }

    public static boolean isOracle(String name) {
        return name.startsWith("CENTRAL");
    }
}
