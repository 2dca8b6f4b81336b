package io.cangrid.peersim;

/** An action of the experiment driver (a join, an arrival, a churn event), run at its time. */
record DriverAction(Runnable action) {
}
