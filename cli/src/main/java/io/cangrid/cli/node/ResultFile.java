package io.cangrid.cli.node;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Where a fetched result is written on the client's machine: replaced whole, never through a link in the way. */
final class ResultFile {

    private ResultFile() {
    }

    /** Writes {@code content} to {@code f}, making its directory; whatever was there (a link too) is removed first. */
    static void replace(Path f, byte[] content) throws IOException {
        Path parent = f.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.deleteIfExists(f);
        Files.write(f, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    }
}
