package io.cangrid.gangs;

import io.cangrid.overlay.ad.Ad;
import io.cangrid.overlay.ad.Expr;
import io.cangrid.overlay.ad.ExprSyntaxException;
import io.cangrid.overlay.ad.PortedAd;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An ad that takes part in gangs: a job asking for a workstation and a licence, a workstation, a licence.
 * Each of its ports docks one other ad; a port's expressions may name its own label and the labels of the
 * ports before it, never a later one nor a label of another ad (the Gangmatching paper's scoping rules), and
 * what another member must know travels as a port attribute ({@code Host = cpu.Name}). These rules are
 * checked here, when the ad is read, so that a misplaced label is an error with its port named rather than
 * a gang that silently never forms.
 */
public final class GangAd {

    private static final List<String> RESERVED = List.of("my", "other", "target");
    private static final List<String> CONSTRAINT_NAMES = List.of("Constraint", "Requirements");

    private final String name;
    private final Ad ad;
    private final List<Port> ports;

    private GangAd(String name, Ad ad, List<Port> ports) {
        this.name = name;
        this.ad = ad;
        this.ports = List.copyOf(ports);
    }

    /** Reads the ad {@code text} (with its {@code Ports}), calling it {@code name} in errors and gangs. */
    public static GangAd parse(String name, String text) {
        PortedAd parsed;
        try {
            parsed = PortedAd.parse(text);
        } catch (ExprSyntaxException e) {
            throw new GangAdException("ad " + name + ": " + e.getMessage());
        }
        if (parsed.ports().isEmpty()) {
            throw new GangAdException("ad " + name + ": no Ports: a member of a gang docks through at least one port");
        }
        List<Port> ports = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < parsed.ports().size(); i++) {
            Ad port = parsed.ports().get(i);
            String label = label(name, i, port);
            if (labels.contains(label.toLowerCase(Locale.ROOT))) {
                throw new GangAdException("ad " + name + ", port " + i + ": label '" + label
                        + "' is declared twice: each port needs a label of its own");
            }
            labels.add(label.toLowerCase(Locale.ROOT));
            for (String attribute : port.names()) {
                checkLabels(name, i, label, attribute, port.get(attribute), labels, parsed.ports());
            }
            Ad seen = parsed.ad();
            for (String attribute : port.names()) {
                seen = seen.with(attribute, port.get(attribute));
            }
            ports.add(new Port(i, label, seen, first(port, CONSTRAINT_NAMES), port.get("Rank")));
        }
        return new GangAd(name, parsed.ad(), ports);
    }

    private static String label(String name, int i, Ad port) {
        Expr e = port.get("Label");
        if (!(e instanceof Expr.Ref r) || r.scope() != Expr.Ref.Kind.ANY) {
            throw new GangAdException("ad " + name + ", port " + i + ": no Label, or one that is not a plain name"
                    + " (write Label = cpu)");
        }
        if (RESERVED.contains(r.name().toLowerCase(Locale.ROOT))) {
            throw new GangAdException("ad " + name + ", port " + i + ": '" + r.name() + "' cannot be a label:"
                    + " it already scopes attributes");
        }
        return r.name();
    }

    private static void checkLabels(String name, int i, String label, String attribute, Expr e, List<String> declared,
            List<Ad> allPorts) {
        for (Expr.LabelRef ref : Exprs.labelRefs(e)) {
            String wanted = ref.label().toLowerCase(Locale.ROOT);
            if (declared.contains(wanted)) {
                continue;
            }
            for (int later = i + 1; later < allPorts.size(); later++) {
                Expr l = allPorts.get(later).get("Label");
                if (l instanceof Expr.Ref r && r.name().equalsIgnoreCase(ref.label())) {
                    throw new GangAdException("ad " + name + ", port " + i + " (" + label + "): " + attribute
                            + " refers to label '" + ref.label() + "', which port " + later + " declares later:"
                            + " a port sees only its own label and those of the ports before it");
                }
            }
            throw new GangAdException("ad " + name + ", port " + i + " (" + label + "): " + attribute
                    + " refers to label '" + ref.label() + "', which no port of this ad declares: labels are"
                    + " private to their ad; what another member needs is exported as a port attribute"
                    + " (Host = cpu.Name)");
        }
    }

    private static Expr first(Ad ad, List<String> names) {
        for (String n : names) {
            Expr e = ad.get(n);
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    public String name() {
        return name;
    }

    /** The ad's own attributes (its ports apart). */
    public Ad ad() {
        return ad;
    }

    public List<Port> ports() {
        return ports;
    }

    @Override
    public String toString() {
        return name;
    }
}
