package io.cangrid.overlay.exec;

import java.nio.file.FileSystems;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.PatternSyntaxException;

/**
 * Which commands a node runs: none (the default, so that joining a grid never means running strangers'
 * programs by accident), those whose executable matches one of a list of globs, or any. A glob matches the
 * executable as given or its file name, so {@code allow:sh} admits {@code sh} and {@code /bin/sh}.
 */
public final class ExecPolicy {

    private final String text;
    private final boolean any;
    private final List<PathMatcher> globs;

    private ExecPolicy(String text, boolean any, List<PathMatcher> globs) {
        this.text = text;
        this.any = any;
        this.globs = globs;
    }

    public static ExecPolicy none() {
        return new ExecPolicy("none", false, List.of());
    }

    public static ExecPolicy any() {
        return new ExecPolicy("any", true, List.of());
    }

    /**
     * Parses {@code none}, {@code any} or {@code allow:GLOB[,GLOB...]}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static ExecPolicy parse(String spec) {
        Objects.requireNonNull(spec, "spec");
        String s = spec.trim();
        if (s.equals("none")) {
            return none();
        }
        if (s.equals("any")) {
            return any();
        }
        if (!s.startsWith("allow:") || s.length() == "allow:".length()) {
            throw new IllegalArgumentException("execution policy '" + spec + "' is not none, any or allow:GLOB[,GLOB...]");
        }
        List<PathMatcher> globs = new ArrayList<>();
        for (String g : s.substring("allow:".length()).split(",")) {
            if (g.isBlank()) {
                throw new IllegalArgumentException("execution policy '" + spec + "' has an empty glob");
            }
            try {
                globs.add(FileSystems.getDefault().getPathMatcher("glob:" + g.trim()));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("execution policy '" + spec + "': bad glob '" + g + "': "
                        + e.getDescription());
            }
        }
        return new ExecPolicy(s, false, List.copyOf(globs));
    }

    /** Whether this node runs any command at all. */
    public boolean runsAnything() {
        return any || !globs.isEmpty();
    }

    public boolean allows(String executable) {
        if (any) {
            return true;
        }
        Path path;
        try {
            path = Path.of(executable);
        } catch (InvalidPathException e) {
            return false;
        }
        Path name = path.getFileName();
        for (PathMatcher m : globs) {
            if (m.matches(path) || (name != null && m.matches(name))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return text;
    }
}
