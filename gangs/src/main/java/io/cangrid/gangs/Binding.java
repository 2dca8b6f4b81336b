package io.cangrid.gangs;

/** Port {@code port} of {@code ad} docked to port {@code otherPort} of {@code other}. */
public record Binding(GangAd ad, int port, GangAd other, int otherPort) {

    @Override
    public String toString() {
        return ad.name() + "." + ad.ports().get(port).label() + " = " + other.name();
    }
}
