package io.cangrid.cli.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.HardwareAbstractionLayer;

/**
 * A machine's capabilities as the grid sees them, detected with OSHI. CPU speed is relative to the
 * baseline node of the resource schema, a core at {@value #BASELINE_GHZ} GHz: the processor's maximum
 * frequency (else the frequency its name states, else the baseline) divided by the baseline, clamped to
 * the schema's 0.25–8. It is a per-core speed — a job runs on one core — so core count does not enter.
 */
final class MachineProbe {

    static final double BASELINE_GHZ = 2.5;

    private MachineProbe() {
    }

    static double cpuSpeed() {
        HardwareAbstractionLayer hw = new SystemInfo().getHardware();
        CentralProcessor cpu = hw.getProcessor();
        long hz = cpu.getMaxFreq();
        if (hz <= 0) {
            hz = cpu.getProcessorIdentifier().getVendorFreq();
        }
        double ghz = hz > 0 ? hz / 1e9 : BASELINE_GHZ;
        return Math.max(0.25, Math.min(8.0, ghz / BASELINE_GHZ));
    }

    static double memoryMiB() {
        return new SystemInfo().getHardware().getMemory().getTotal() / (double) (1L << 20);
    }

    static double freeDiskGiB(Path workdir) {
        try {
            return Files.getFileStore(workdir).getUsableSpace() / (double) (1L << 30);
        } catch (IOException e) {
            return 0;
        }
    }
}
