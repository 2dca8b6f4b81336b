package io.cangrid.simulator.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.cangrid.overlay.Message;
import io.cangrid.overlay.MessageRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The wire ids are part of the protocol: a node built from another version must read the same id as the
 * same type. The checked-in table {@code wire-ids.txt} is what they are; changing an id, or giving a new
 * type one, means changing the table in the same commit, on purpose.
 */
class WireIdTableTest {

    /** Ids at and above this belong to test fixtures, which only test class paths list. */
    private static final int FIXTURE_IDS = 900;

    private static final MessageRegistry REGISTRY = MessageRegistry.discover();

    @Test
    void theRegistryMatchesTheCheckedInTable() throws IOException {
        List<String> expected;
        try (InputStream in = WireIdTableTest.class.getResourceAsStream("/wire-ids.txt")) {
            assertThat(in).as("wire-ids.txt on the test class path").isNotNull();
            expected = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
        List<String> actual = new ArrayList<>();
        for (Map.Entry<Integer, Class<?>> e : REGISTRY.entries().entrySet()) {
            if (e.getKey() < FIXTURE_IDS) {
                actual.add(e.getKey() + "\t" + e.getValue().getName());
            }
        }
        actual.sort((a, b) -> Integer.compare(Integer.parseInt(a.split("\t")[0]), Integer.parseInt(b.split("\t")[0])));
        assertThat(actual).as("the registry, as a table:%n%s", String.join("\n", actual))
                .containsExactlyElementsOf(expected);
    }

    @Test
    void everyConcreteMessageTypeHasAnId() {
        List<String> missing = new ArrayList<>();
        for (Class<?> type : mainClasses()) {
            if (Message.class.isAssignableFrom(type) && !type.isInterface() && !Modifier.isAbstract(type.getModifiers())
                    && !type.isAnonymousClass() && !type.isLocalClass() && REGISTRY.idOf(type) < 0) {
                missing.add(type.getName());
            }
        }
        assertThat(missing).as("message types without a wire id").isEmpty();
    }

    /** Every class of the project's main code on the class path (test classes excluded). */
    private static List<Class<?>> mainClasses() {
        TreeSet<String> names = new TreeSet<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (entry.contains("test-classes") || entry.endsWith("-tests.jar")) {
                continue;
            }
            Path p = Path.of(entry);
            if (Files.isDirectory(p)) {
                try (Stream<Path> files = Files.walk(p)) {
                    files.map(f -> p.relativize(f).toString()).filter(WireIdTableTest::isProjectClass)
                            .forEach(f -> names.add(toClassName(f)));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else if (entry.endsWith(".jar") && (entry.contains("/target/") || entry.contains("/io/cangrid/"))) {
                // The reactor's module jars (mvn verify) or installed ones; Maven's test runs without
                // packaging put the modules' class directories here instead.
                try (JarFile jar = new JarFile(entry)) {
                    for (Enumeration<JarEntry> en = jar.entries(); en.hasMoreElements(); ) {
                        String n = en.nextElement().getName();
                        if (isProjectClass(n)) {
                            names.add(toClassName(n));
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        assertThat(names).as("project classes found on the class path").hasSizeGreaterThan(100);
        List<Class<?>> out = new ArrayList<>();
        for (String n : names) {
            try {
                out.add(Class.forName(n, false, WireIdTableTest.class.getClassLoader()));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        }
        return out;
    }

    private static boolean isProjectClass(String path) {
        String p = path.replace('\\', '/');
        return p.startsWith("io/cangrid/") && p.endsWith(".class") && !p.endsWith("package-info.class")
                && !p.endsWith("module-info.class");
    }

    private static String toClassName(String path) {
        return path.replace('\\', '/').replace(".class", "").replace('/', '.');
    }
}
