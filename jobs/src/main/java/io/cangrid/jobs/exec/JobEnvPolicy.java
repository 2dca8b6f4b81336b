package io.cangrid.jobs.exec;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.PatternSyntaxException;

/**
 * Which environment variables a job may set. Variables that steer the dynamic loader, a shell's start-up, an
 * interpreter's module search or a runtime's options turn any allowed program into arbitrary code
 * ({@code LD_PRELOAD=./evil.so echo}), so they are refused unless the operator names them. The operator may
 * narrow job variables further: {@code safe} (the default: any name but those), {@code none}, or
 * {@code allow:GLOB[,GLOB...]}, which admits the names its globs match, and a steering variable only when
 * an entry names it without wildcards ({@code allow:*,LD_LIBRARY_PATH}).
 */
public final class JobEnvPolicy {

    /** Exact names that steer loaders, shells and runtimes. */
    static final Set<String> STEERING = Set.of("BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "IFS", "CDPATH",
            "PATH", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH", "PERLLIB", "PERL5LIB",
            "PERL5OPT", "RUBYOPT", "RUBYLIB", "LOCPATH", "NLSPATH", "HOSTALIASES", "RESOLV_HOST_CONF", "TCLLIBPATH");
    /** Prefixes of names that do the same ({@code LD_PRELOAD}, {@code PYTHONSTARTUP}, {@code BASH_FUNC_x%%}...). */
    static final List<String> STEERING_PREFIXES = List.of("LD_", "DYLD_", "BASH_FUNC_", "PYTHON", "PERL5", "PERL_",
            "RUBY", "NODE_", "LUA_", "GCONV_", "MALLOC_", "GLIBC_", "GIT_", "CANGRID_");

    private final String text;
    private final boolean none;
    private final List<PathMatcher> globs;
    private final Set<String> named;

    private JobEnvPolicy(String text, boolean none, List<PathMatcher> globs, Set<String> named) {
        this.text = text;
        this.none = none;
        this.globs = globs;
        this.named = named;
    }

    public static JobEnvPolicy safe() {
        return new JobEnvPolicy("safe", false, null, Set.of());
    }

    /**
     * Parses {@code safe}, {@code none} or {@code allow:GLOB[,GLOB...]}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static JobEnvPolicy parse(String spec) {
        Objects.requireNonNull(spec, "spec");
        String s = spec.trim();
        if (s.equals("safe")) {
            return safe();
        }
        if (s.equals("none")) {
            return new JobEnvPolicy("none", true, List.of(), Set.of());
        }
        if (!s.startsWith("allow:") || s.length() == "allow:".length()) {
            throw new IllegalArgumentException("job environment policy '" + spec + "' is not safe, none or"
                    + " allow:GLOB[,GLOB...]");
        }
        List<PathMatcher> globs = new ArrayList<>();
        List<String> named = new ArrayList<>();
        for (String raw : s.substring("allow:".length()).split(",")) {
            String g = raw.trim();
            if (g.isEmpty() || g.contains("/")) {
                throw new IllegalArgumentException("job environment policy '" + spec + "': '" + g + "' is not a"
                        + " variable name or glob");
            }
            try {
                globs.add(FileSystems.getDefault().getPathMatcher("glob:" + g));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("job environment policy '" + spec + "': bad glob '" + g + "': "
                        + e.getDescription());
            }
            if (g.chars().noneMatch(c -> "*?[]{}\\".indexOf(c) >= 0)) {
                named.add(g);
            }
        }
        return new JobEnvPolicy(s, false, List.copyOf(globs), Set.copyOf(named));
    }

    /** Whether {@code name} steers a loader, shell or runtime (and so needs the operator to name it). */
    public static boolean steers(String name) {
        if (STEERING.contains(name)) {
            return true;
        }
        for (String p : STEERING_PREFIXES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Checks a job's {@code NAME=VALUE} entries.
     *
     * @throws ExecRefusal naming the first variable refused and what the operator would have to allow
     */
    public void check(String[] environment) throws ExecRefusal {
        for (String entry : environment) {
            String name = entry.substring(0, entry.indexOf('='));
            String why = refusal(name);
            if (why != null) {
                throw new ExecRefusal(why);
            }
        }
    }

    private String refusal(String name) {
        if (none) {
            return "refuses job variables (--job-env none), and the job sets " + name;
        }
        boolean steering = steers(name);
        if (globs == null) {
            return steering ? "refuses job variable " + name + ": it steers how programs are loaded or run; its"
                    + " operator would have to name it, e.g. --job-env allow:*," + name : null;
        }
        if (steering) {
            return named.contains(name) ? null : "refuses job variable " + name + ": it steers how programs are"
                    + " loaded or run, and --job-env " + text + " does not name it";
        }
        Path asPath = Path.of(name);
        for (PathMatcher g : globs) {
            if (g.matches(asPath)) {
                return null;
            }
        }
        return "refuses job variable " + name + " (--job-env " + text + ")";
    }

    @Override
    public String toString() {
        return text;
    }
}
