package io.cangrid.gangs;

/** An ad of a gang that cannot be used, with one line saying which ad, which port and why. */
public final class GangAdException extends IllegalArgumentException {

    public GangAdException(String message) {
        super(message);
    }
}
