package io.cangrid.cli.peersim;

import io.cangrid.cli.common.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code cangrid peersim install ZIP}: takes the three jars the binding needs out of PeerSim's release zip
 * and puts them into the local Maven repository, each with a minimal pom, as {@code mvn
 * install:install-file} would (without needing Maven or its install plugin).
 */
@Command(name = "install",
        description = {"Install PeerSim 1.0.5 from its release zip (peersim-1.0.5.zip) into the local Maven "
                + "repository: peersim-1.0.5.jar, jep-2.3.0.jar and djep-1.0.0.jar as peersim:peersim:1.0.5, "
                + "peersim:jep:2.3.0 and peersim:djep:1.0.0."})
public final class PeerSimInstallCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ZIP", description = "PeerSim's release, peersim-1.0.5.zip.")
    private Path zip;

    @Option(names = "--repository", paramLabel = "DIR",
            description = "The local Maven repository (default: ~/.m2/repository).")
    private Path repository;

    @Override
    public Integer call() {
        Path repo = repository != null ? repository : PeerSimArtifacts.defaultRepository();
        if (!Files.isRegularFile(zip)) {
            throw new UserError("no file " + zip + ": give the path of PeerSim's release, peersim-1.0.5.zip");
        }
        List<Path> written = new ArrayList<>();
        try (ZipFile archive = new ZipFile(zip.toFile())) {
            List<String> missing = new ArrayList<>();
            for (PeerSimArtifacts.Artifact a : PeerSimArtifacts.ALL) {
                ZipEntry entry = find(archive, a.fileName());
                if (entry == null) {
                    missing.add(a.fileName());
                    continue;
                }
                written.add(install(archive, entry, a, repo));
            }
            if (!missing.isEmpty()) {
                throw new UserError(zip + " has no " + String.join(", ", missing)
                        + ": is it PeerSim 1.0.5's release (peersim-1.0.5.zip)?");
            }
        } catch (IOException e) {
            throw new UserError("cannot read " + zip + " as a zip file or write into " + repo + " ("
                    + e.getMessage() + ")", e);
        }
        for (Path p : written) {
            spec.commandLine().getOut().println("installed " + p);
        }
        spec.commandLine().getOut().println("PeerSim 1.0.5 is installed; run 'bin/cangrid peersim "
                + "scenarios/peersim/quickstart.cfg'");
        return 0;
    }

    /** The entry whose file name (in any folder of the zip) is {@code fileName}. */
    private static ZipEntry find(ZipFile archive, String fileName) {
        var entries = archive.entries();
        while (entries.hasMoreElements()) {
            ZipEntry e = entries.nextElement();
            String name = e.getName();
            if (!e.isDirectory() && (name.equals(fileName) || name.endsWith("/" + fileName))) {
                return e;
            }
        }
        return null;
    }

    private static Path install(ZipFile archive, ZipEntry entry, PeerSimArtifacts.Artifact a, Path repo)
            throws IOException {
        Path jar = a.jarIn(repo);
        Files.createDirectories(jar.getParent());
        try (InputStream in = archive.getInputStream(entry)) {
            Files.copy(in, jar, StandardCopyOption.REPLACE_EXISTING);
        }
        try (OutputStream out = Files.newOutputStream(a.pomIn(repo))) {
            out.write(pom(a).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return jar;
    }

    private static String pom(PeerSimArtifacts.Artifact a) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>%s</groupId>
                  <artifactId>%s</artifactId>
                  <version>%s</version>
                  <description>Installed from PeerSim's release by cangrid peersim install</description>
                </project>
                """.formatted(PeerSimArtifacts.GROUP, a.artifactId(), a.version());
    }
}
