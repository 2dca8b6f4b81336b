package io.cangrid.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The text of {@code --version}: cangrid's version, written into {@code version.properties} by the
 * build, and the Java runtime it runs on (the first thing to know when a report comes in).
 */
public final class VersionProvider implements IVersionProvider {

    private static final String RESOURCE = "version.properties";
    private static final String UNKNOWN = "(version unknown: not built by Maven)";

    @Override
    public String[] getVersion() {
        return new String[] {
            "cangrid " + version(),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + "), "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch"),
        };
    }

    /** cangrid's version, e.g. {@code 0.1.0-SNAPSHOT}; never null. */
    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                Properties properties = new Properties();
                properties.load(in);
                String version = properties.getProperty("version", "").strip();
                if (!version.isEmpty() && !version.startsWith("${")) {
                    return version;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE + " from the cangrid jar", e);
        }
        String fromManifest = VersionProvider.class.getPackage().getImplementationVersion();
        return fromManifest != null ? fromManifest : UNKNOWN;
    }
}
