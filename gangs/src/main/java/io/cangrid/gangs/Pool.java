package io.cangrid.gangs;

import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.Op;
import io.cangrid.overlay.ad.Scope;
import io.cangrid.overlay.ad.Value;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The ads a matchmaking round may dock, with the index the searches probe: each ad under every attribute
 * whose value is a string or a number, and, for each of its ports, what that port's constraint demands of
 * whatever docks there as plain equalities ({@code requester.Type == "Job"}, {@code requester.Host ==
 * ValidHost}). A probe answers with the ads holding one value, less those whose demands the asking side
 * already contradicts: the paper's "tight superset", both sides' constraints narrowing it before any
 * evaluation. Ads matched are consumed.
 */
public final class Pool {

    /** An equality a port's constraint requires of the attribute {@code attribute} of whatever docks there. */
    record Demand(String attribute, Op op, Value value) {
    }

    private final Set<GangAd> available = new LinkedHashSet<>();
    private final Map<String, List<GangAd>> byValue = new HashMap<>();
    private final Map<Slot, List<Demand>> demands = new HashMap<>();

    private Pool() {
    }

    public static Pool of(Collection<GangAd> ads) {
        Pool p = new Pool();
        for (GangAd ad : ads) {
            p.add(ad);
        }
        return p;
    }

    private void add(GangAd ad) {
        if (!available.add(ad)) {
            throw new IllegalArgumentException("ad " + ad.name() + " is in the pool twice");
        }
        for (String name : ad.ad().names()) {
            String key = key(name, ad.ad().evaluate(name));
            if (key != null) {
                byValue.computeIfAbsent(key, k -> new ArrayList<>()).add(ad);
            }
        }
        for (Port p : ad.ports()) {
            demands.put(new Slot(ad, p.index()), demandsOf(ad, p));
        }
    }

    /** The plain equalities on its own label in port {@code p}'s constraint, read from the ad alone. */
    private static List<Demand> demandsOf(GangAd ad, Port p) {
        List<Demand> found = new ArrayList<>();
        for (Expr c : Expr.conjuncts(p.constraint())) {
            Equality eq = Equality.of(c, p.label());
            if (eq == null) {
                continue;
            }
            Value v = Scope.inGang(p.seen(), label -> null, -1).evaluate(eq.value());
            if (key(eq.attribute(), v) != null && Exprs.labelRefs(eq.value()).isEmpty()) {
                found.add(new Demand(eq.attribute(), eq.op(), v));
            }
        }
        return List.copyOf(found);
    }

    /** Whether {@code ad} is still to be had. */
    public boolean isAvailable(GangAd ad) {
        return available.contains(ad);
    }

    public List<GangAd> available() {
        return List.copyOf(available);
    }

    /** Takes {@code ad} out: it is in a gang now. */
    public void consume(GangAd ad) {
        available.remove(ad);
    }

    /** Puts back an ad consumed by a gang whose claim failed. */
    public void restore(GangAd ad) {
        available.add(ad);
    }

    public int size() {
        return available.size();
    }

    /** One probe: the available ads whose {@code attribute} is {@code value}. */
    List<GangAd> holding(String attribute, Value value, Effort effort) {
        effort.probe();
        List<GangAd> all = byValue.getOrDefault(key(attribute, value), List.of());
        List<GangAd> out = new ArrayList<>(all.size());
        for (GangAd ad : all) {
            if (available.contains(ad)) {
                out.add(ad);
            }
        }
        return out;
    }

    /** One probe that names nothing: every available ad. */
    List<GangAd> everything(Effort effort) {
        effort.probe();
        return List.copyOf(available);
    }

    /**
     * Whether port {@code port} of {@code candidate} could take {@code asking}, as far as its demands read
     * what {@code asking} exports now: a demand the asking side decides otherwise rules it out.
     */
    boolean demandsAllow(GangAd candidate, int port, Slot asking, GangState state) {
        for (Demand d : demands.getOrDefault(new Slot(candidate, port), List.of())) {
            Expr offered = asking.definition().seen().get(d.attribute());
            Value v = offered == null ? Value.UNDEFINED : state.decided(offered, asking);
            if (v != null && !d.op().apply(v, d.value()).isTrue()) {
                return false;
            }
        }
        return true;
    }

    /** The index key of a value: strings without regard to case, as {@code ==} compares them; null if neither. */
    static String key(String attribute, Value v) {
        String a = attribute.toLowerCase(Locale.ROOT) + '\u0000';
        if (v instanceof Value.StringValue s) {
            return a + "s" + s.value().toLowerCase(Locale.ROOT);
        }
        if (v instanceof Value.BoolValue) {
            return null;
        }
        Double n = v.number();
        return n == null ? null : a + "n" + n;
    }
}
