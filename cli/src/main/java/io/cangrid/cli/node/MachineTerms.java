package io.cangrid.cli.node;

import io.cangrid.jobs.MachineAd;
import io.cangrid.overlay.ad.Value;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.ResourceSchema;
import java.time.ZoneId;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a node says of its machine beyond its capabilities, and which jobs its owner lets it take: the
 * attributes detected at start ({@code OpSys}, {@code Arch}, {@code JavaVersion}, as HTCondor names the first
 * two), those its operator sets ({@code --attr}, which win), {@code --accept}, and {@code --prefer}: how the
 * machine ranks the jobs it holds, which orders its queue.
 */
record MachineTerms(Map<String, Value> attributes, String accept, String prefer) {

    static final MachineTerms NONE = new MachineTerms(Map.of(), null);

    MachineTerms {
        attributes = Map.copyOf(attributes);
    }

    /** Terms without a preference among jobs. */
    MachineTerms(Map<String, Value> attributes, String accept) {
        this(attributes, accept, null);
    }

    /** The attributes this machine shows without being told: its operating system, architecture and Java. */
    static Map<String, Value> detected() {
        Map<String, Value> a = new LinkedHashMap<>();
        a.put("OpSys", Value.of(opSys(System.getProperty("os.name", ""))));
        a.put("Arch", Value.of(arch(System.getProperty("os.arch", ""))));
        a.put("JavaVersion", Value.of((long) Runtime.version().feature()));
        return a;
    }

    static String opSys(String osName) {
        String n = osName.toLowerCase(Locale.ROOT);
        return n.startsWith("linux") ? "LINUX" : n.startsWith("windows") ? "WINDOWS"
                : n.startsWith("mac") ? "OSX" : n.replaceAll("[^a-z0-9]", "").toUpperCase(Locale.ROOT);
    }

    static String arch(String osArch) {
        return switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64" -> "X86_64";
            case "aarch64", "arm64" -> "AARCH64";
            case "x86", "i386", "i686" -> "INTEL";
            default -> osArch.toUpperCase(Locale.ROOT);
        };
    }

    /** This machine's ad: its capabilities in {@code schema}, the detected attributes, then the operator's. */
    MachineAd ad(ResourceSchema schema, Capabilities capabilities) {
        Map<String, Value> all = new LinkedHashMap<>(detected());
        all.putAll(attributes);
        int offset = ZoneId.systemDefault().getRules().getOffset(Instant.now()).getTotalSeconds();
        return MachineAd.of(schema, capabilities, all, accept, prefer, offset);
    }
}
