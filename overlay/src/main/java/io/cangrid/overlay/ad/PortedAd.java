package io.cangrid.overlay.ad;

import java.util.List;

/**
 * An ad as a gang's member writes it: its own attributes, and its ports (the {@code Ports} list), each an ad
 * of its own whose attributes are exported to whatever docks there.
 */
public record PortedAd(Ad ad, List<Ad> ports) {

    /** The attribute the ports are given in. */
    public static final String PORTS = "Ports";

    /** Parses {@code [ ...; Ports = { [ Label = cpu; ... ], ... } ]}; see {@link Ad#parse}. */
    public static PortedAd parse(String text) {
        return ExprParser.parsePortedAd(text);
    }
}
