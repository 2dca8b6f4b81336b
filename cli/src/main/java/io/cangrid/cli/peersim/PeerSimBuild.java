package io.cangrid.cli.peersim;

import io.cangrid.cli.common.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The PeerSim binding as the profile {@code peersim} builds it from the source checkout: the module
 * {@code peersim-binding}, its jar in {@code peersim-binding/target}, and the class path it runs with
 * (written by the build). Rebuilt when a pom or a source file is newer than that class path.
 */
final class PeerSimBuild {

    private final Path root;
    private final Path repository;
    private final Path directory;

    PeerSimBuild(Path root, Path repository) {
        this.root = root;
        this.repository = repository;
        this.directory = root.resolve("peersim-binding/target");
    }

    /** The source checkout {@code bin/cangrid} runs from (it passes its root as {@code cangrid.home}). */
    static Path sourceRoot() {
        String home = System.getProperty("cangrid.home");
        if (home == null || !Files.isRegularFile(Path.of(home, "peersim-binding", "pom.xml"))) {
            throw new UserError("cangrid peersim builds the PeerSim binding from cangrid's sources: run it as "
                    + "bin/cangrid from a source checkout");
        }
        return Path.of(home);
    }

    Path classPathFile() {
        return directory.resolve("peersim.classpath");
    }

    /** Builds the binding unless it is up to date; Maven's output goes to standard error. */
    void ensureBuilt(java.io.PrintWriter err) {
        if (Files.isRegularFile(classPathFile()) && !sourcesNewerThan(classPathFile())) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("mvn", "-B", "-ntp", "-q", "-Dstyle.color=never",
                "-Ppeersim", "-pl", "peersim-binding", "-am", "-DskipTests", "package"));
        if (!repository.equals(PeerSimArtifacts.defaultRepository())) {
            command.add("-Dmaven.repo.local=" + repository);
        }
        err.println("building the PeerSim binding (mvn -Ppeersim -pl peersim-binding -am package)...");
        err.flush();
        int exit;
        try {
            // Maven's messages go to our stderr: stdout carries the report alone.
            Process p = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true).start();
            p.getInputStream().transferTo(new java.io.OutputStream() {
                @Override
                public void write(int b) {
                    err.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    err.print(new String(b, off, len, java.nio.charset.StandardCharsets.UTF_8));
                    err.flush();
                }
            });
            exit = p.waitFor();
        } catch (IOException e) {
            throw new UserError("cannot run mvn to build the PeerSim binding (" + e.getMessage()
                    + "): install Maven 3.6.3 or newer", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError("interrupted while building the PeerSim binding", e);
        }
        if (exit != 0 || !Files.isRegularFile(classPathFile())) {
            throw new UserError("building the PeerSim binding failed (see Maven's messages above); run 'mvn -B -ntp "
                    + "-Ppeersim -pl peersim-binding -am package' for details");
        }
    }

    /** The binding's jar followed by every library it needs. */
    String classPath() {
        try (Stream<Path> files = Files.list(directory)) {
            Path jar = files.filter(p -> p.getFileName().toString().matches("peersim-binding-.*\\.jar")
                    && !p.getFileName().toString().endsWith("-tests.jar")).findFirst()
                    .orElseThrow(() -> new UserError("the PeerSim build left no peersim-binding jar in " + directory
                            + "; delete that directory and run again"));
            return jar + java.io.File.pathSeparator + Files.readString(classPathFile()).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean sourcesNewerThan(Path marker) {
        try {
            FileTime built = Files.getLastModifiedTime(marker);
            List<Path> inputs = new ArrayList<>();
            try (Stream<Path> modules = Files.list(root)) {
                modules.filter(Files::isDirectory).forEach(m -> {
                    inputs.add(m.resolve("pom.xml"));
                    inputs.add(m.resolve("src/main"));
                });
            }
            inputs.add(root.resolve("pom.xml"));
            for (Path input : inputs) {
                if (Files.exists(input) && newerFile(input, built)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean newerFile(Path input, FileTime than) throws IOException {
        try (Stream<Path> files = Files.walk(input)) {
            return files.filter(Files::isRegularFile).anyMatch(f -> {
                try {
                    return Files.getLastModifiedTime(f).compareTo(than) > 0;
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
