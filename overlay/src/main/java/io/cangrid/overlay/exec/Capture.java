package io.cangrid.overlay.exec;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads back what a run wrote, at most a given number of bytes, noting what was cut. */
final class Capture {

    private Capture() {
    }

    /** The first {@code limit} bytes of {@code file} as text; a cut adds a marker line and a note. */
    static String text(Path file, int limit, String what, List<String> notes) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        long size = Files.size(file);
        String text = new String(bytes(file, limit, what, notes), StandardCharsets.UTF_8);
        return size > limit ? text + "\n[cangrid: " + what + " truncated: kept " + limit + " of " + size + " bytes]\n"
                : text;
    }

    /** The first {@code limit} bytes of {@code file}; a cut adds a note. */
    static byte[] bytes(Path file, int limit, String what, List<String> notes) throws IOException {
        long size = Files.size(file);
        if (size > limit) {
            notes.add(what + " truncated: kept " + limit + " of " + size + " bytes");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes((int) Math.min(size, limit));
        }
    }
}
