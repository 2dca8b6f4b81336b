package io.cangrid.jobs.exec;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.PatternSyntaxException;

/**
 * Which programs a node runs: none (the default, so that joining a grid never means running strangers'
 * programs by accident), those the operator listed, or any. A job's executable is first resolved to a real
 * path ({@link ProgramPath}: a bare name on the node's PATH, an absolute path as given, symlinks followed),
 * and that real path is judged and run. {@code allow:NAME} admits the program found as NAME on the node's
 * PATH, under whatever name or path the job gives it ({@code allow:sh} admits {@code sh} and
 * {@code /bin/sh}, never a file called {@code sh} elsewhere); {@code allow:/ABS/GLOB} admits real paths the
 * glob matches.
 */
public final class ExecPolicy {

    private final String text;
    private final boolean any;
    private final List<String> names;
    private final List<PathMatcher> globs;

    private ExecPolicy(String text, boolean any, List<String> names, List<PathMatcher> globs) {
        this.text = text;
        this.any = any;
        this.names = names;
        this.globs = globs;
    }

    public static ExecPolicy none() {
        return new ExecPolicy("none", false, List.of(), List.of());
    }

    public static ExecPolicy any() {
        return new ExecPolicy("any", true, List.of(), List.of());
    }

    /**
     * Parses {@code none}, {@code any} or {@code allow:ENTRY[,ENTRY...]}, each entry a program name or an
     * absolute glob.
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
            throw new IllegalArgumentException("execution policy '" + spec + "' is not none, any or"
                    + " allow:NAME|/ABS/GLOB[,...]");
        }
        List<String> names = new ArrayList<>();
        List<PathMatcher> globs = new ArrayList<>();
        for (String raw : s.substring("allow:".length()).split(",")) {
            String e = raw.trim();
            if (e.isEmpty()) {
                throw new IllegalArgumentException("execution policy '" + spec + "' has an empty entry");
            }
            if (e.startsWith("/")) {
                try {
                    globs.add(FileSystems.getDefault().getPathMatcher("glob:" + e));
                } catch (PatternSyntaxException ex) {
                    throw new IllegalArgumentException("execution policy '" + spec + "': bad glob '" + e + "': "
                            + ex.getDescription());
                }
            } else if (e.contains("/")) {
                throw new IllegalArgumentException("execution policy '" + spec + "': '" + e + "' is a relative path;"
                        + " give a program name (found on the node's PATH) or an absolute path or glob");
            } else if (e.chars().anyMatch(c -> "*?[]{}\\".indexOf(c) >= 0)) {
                throw new IllegalArgumentException("execution policy '" + spec + "': '" + e + "' is a pattern;"
                        + " a name stands for one program on the node's PATH; for patterns give an absolute glob,"
                        + " e.g. allow:/opt/tools/bin/*");
            } else {
                names.add(e);
            }
        }
        return new ExecPolicy(s, false, List.copyOf(names), List.copyOf(globs));
    }

    /** Whether this node runs any command at all. */
    public boolean runsAnything() {
        return any || !names.isEmpty() || !globs.isEmpty();
    }

    /**
     * The real path of the program {@code executable} names, when this policy admits it.
     *
     * @throws ExecRefusal naming the program and what the operator would have to allow
     */
    public Path check(String executable, ProgramPath path) throws ExecRefusal {
        if (!runsAnything()) {
            throw new ExecRefusal("runs no commands (--exec none); its operator would have to allow them, e.g."
                    + " --exec allow:" + bareName(executable));
        }
        Path real = path.resolve(executable);
        if (any) {
            return real;
        }
        for (PathMatcher g : globs) {
            if (g.matches(real)) {
                return real;
            }
        }
        for (String name : names) {
            try {
                if (path.resolve(name).equals(real)) {
                    return real;
                }
            } catch (ExecRefusal e) {
                // The name is not on this node's PATH (any more): it admits nothing; look at the next entry.
                continue;
            }
        }
        throw new ExecRefusal("does not allow executable '" + executable + "' (" + real + ") under --exec " + text
                + "; its operator would have to add " + (executable.contains("/") ? real : bareName(executable))
                + " to it");
    }

    private static String bareName(String executable) {
        int slash = executable.lastIndexOf('/');
        return slash >= 0 ? executable.substring(slash + 1) : executable;
    }

    @Override
    public String toString() {
        return text;
    }
}
