package io.cangrid.overlay.exec;

import java.util.List;

/** Killing a process and everything it started, children first found, so none is left reparented. */
final class ProcessTrees {

    private ProcessTrees() {
    }

    static void kill(ProcessHandle root) {
        // Snapshot first: once the root dies its children are reparented and no longer its descendants.
        List<ProcessHandle> tree = root.descendants().toList();
        root.destroyForcibly();
        for (ProcessHandle p : tree) {
            p.destroyForcibly();
        }
    }
}
