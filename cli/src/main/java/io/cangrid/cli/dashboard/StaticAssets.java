package io.cangrid.cli.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The page's files, all from the classpath, so that the dashboard works with no network: the page itself
 * from this package's resources and the chart library from its WebJar. Read once at start (some tens of
 * kilobytes); a missing one is a broken build, reported then rather than on the first request.
 */
final class StaticAssets {

    /** One file: its bytes and content type. */
    record Asset(byte[] bytes, String contentType) {
    }

    private static final String PAGE = "/io/cangrid/cli/dashboard/";
    private static final String UPLOT = "META-INF/resources/webjars/uplot/";

    private final Map<String, Asset> byPath = new HashMap<>();

    private StaticAssets() {
    }

    static StaticAssets load() {
        StaticAssets a = new StaticAssets();
        a.put("/", PAGE + "index.html", "text/html; charset=utf-8");
        a.put("/dashboard.js", PAGE + "dashboard.js", "text/javascript; charset=utf-8");
        a.put("/dashboard.css", PAGE + "dashboard.css", "text/css; charset=utf-8");
        String uplot = "/" + UPLOT + webJarVersion("uplot") + "/dist/";
        a.put("/lib/uPlot.iife.min.js", uplot + "uPlot.iife.min.js", "text/javascript; charset=utf-8");
        a.put("/lib/uPlot.min.css", uplot + "uPlot.min.css", "text/css; charset=utf-8");
        return a;
    }

    /** The asset served at {@code path}, or null. */
    Asset get(String path) {
        return byPath.get(path);
    }

    private void put(String path, String resource, String contentType) {
        byPath.put(path, new Asset(read(resource), contentType));
    }

    /** The WebJar's version, from the Maven metadata it carries, so that upgrading it is a pom change only. */
    private static String webJarVersion(String artifact) {
        String file = "/META-INF/maven/org.webjars.npm/" + artifact + "/pom.properties";
        Properties p = new Properties();
        try (InputStream in = StaticAssets.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("the " + artifact + " WebJar is not on the classpath (" + file + ")");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    private static byte[] read(String resource) {
        try (InputStream in = StaticAssets.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("dashboard file missing from the jar: " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
