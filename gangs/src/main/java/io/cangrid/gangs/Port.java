package io.cangrid.gangs;

import io.cangrid.overlay.ad.Ad;
import io.cangrid.overlay.ad.Expr;

/**
 * One port of a gang's ad: the label that names what docks there, its constraint and rank over that, and
 * {@code seen}, what the docked ad sees of this one through it (the port's attributes over the ad's own).
 */
public record Port(int index, String label, Ad seen, Expr constraint, Expr rank) {
}
