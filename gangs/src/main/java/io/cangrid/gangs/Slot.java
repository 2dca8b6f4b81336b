package io.cangrid.gangs;

/** One port of one ad: where a binding starts or ends. */
record Slot(GangAd ad, int port) {

    Port definition() {
        return ad.ports().get(port);
    }

    @Override
    public String toString() {
        return ad.name() + "." + definition().label();
    }
}
