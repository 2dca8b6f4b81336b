package io.cangrid.cli.peersim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The three jars of PeerSim 1.0.5's release the binding depends on, and where they sit in a local Maven
 * repository (the coordinates the root pom.xml names).
 */
record PeerSimArtifacts(Path repository) {

    /** One jar of the release: its file name in the zip, and its Maven coordinates. */
    record Artifact(String fileName, String artifactId, String version) {

        Path jarIn(Path repository) {
            return directoryIn(repository).resolve(artifactId + "-" + version + ".jar");
        }

        Path pomIn(Path repository) {
            return directoryIn(repository).resolve(artifactId + "-" + version + ".pom");
        }

        private Path directoryIn(Path repository) {
            return repository.resolve(GROUP).resolve(artifactId).resolve(version);
        }

        /** The command that installs the jar the way Maven itself would. */
        String installCommand(String dir) {
            return "mvn install:install-file -Dfile=" + dir + "/" + fileName + " -DgroupId=" + GROUP
                    + " -DartifactId=" + artifactId + " -Dversion=" + version + " -Dpackaging=jar";
        }
    }

    static final String GROUP = "peersim";

    static final List<Artifact> ALL = List.of(
            new Artifact("peersim-1.0.5.jar", "peersim", "1.0.5"),
            new Artifact("jep-2.3.0.jar", "jep", "2.3.0"),
            new Artifact("djep-1.0.0.jar", "djep", "1.0.0"));

    /** The local repository Maven uses by default. */
    static Path defaultRepository() {
        return Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    boolean installed() {
        for (Artifact a : ALL) {
            if (!Files.isRegularFile(a.jarIn(repository))) {
                return false;
            }
        }
        return true;
    }

    /** Where PeerSim's release zip is published (the project's own page links to it). */
    static final String DOWNLOAD = "https://sourceforge.net/projects/peersim/files/peersim-1.0.5.zip";

    /** One line: how to install PeerSim. */
    static String howToInstall() {
        return "PeerSim 1.0.5 is not installed in the local Maven repository: download its release "
                + "peersim-1.0.5.zip from " + DOWNLOAD + " and run 'bin/cangrid peersim install "
                + "PATH/peersim-1.0.5.zip' (the README also gives the three mvn install:install-file lines)";
    }
}
