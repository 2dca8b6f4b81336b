package io.cangrid.simulator.scenario;

import io.cangrid.overlay.ad.Expr;

/**
 * One operating system and architecture of a population's machines, as HTCondor names them in a machine's
 * {@code OpSys} and {@code Arch} ({@code LINUX}, {@code INTEL}), and the fraction of machines that run it.
 */
public record Platform(String opSys, String arch, double fraction) {

    public Platform {
        if (!isName(opSys) || !isName(arch)) {
            throw new IllegalArgumentException("a platform's opsys and arch are names of letters, digits and _,"
                    + " not '" + opSys + "' and '" + arch + "'");
        }
        if (!(fraction > 0) || fraction > 1) {
            throw new IllegalArgumentException("a platform's fraction must be in (0, 1], was " + fraction);
        }
    }

    private static boolean isName(String s) {
        return s != null && s.matches("[A-Za-z][A-Za-z0-9_]{0,31}");
    }

    /** {@code other.OpSys == "LINUX"}, and {@code && other.Arch == "INTEL"} when {@code withArch}. */
    public String requirement(boolean withArch) {
        String os = "other.OpSys == \"" + opSys + "\"";
        String text = withArch ? os + " && other.Arch == \"" + arch + "\"" : os;
        Expr.parse(text);
        return text;
    }
}
