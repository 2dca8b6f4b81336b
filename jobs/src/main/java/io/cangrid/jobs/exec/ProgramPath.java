package io.cangrid.jobs.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a node finds programs: the absolute directories of its own {@code PATH}, in order. A program named
 * without a slash is looked up there, never in the job's directory (whose files the job's submitter chose),
 * and every name ends as a real path, symlinks resolved, which is what the policy judges and what runs.
 */
public final class ProgramPath {

    private final List<Path> dirs;

    public ProgramPath(List<Path> dirs) {
        this.dirs = List.copyOf(dirs);
    }

    /** The node's own {@code PATH}: relative entries (an empty one means the current directory) are left out. */
    public static ProgramPath ofNode() {
        return parse(System.getenv("PATH"));
    }

    /** A {@code PATH} value split at colons, keeping its absolute entries. */
    public static ProgramPath parse(String path) {
        List<Path> dirs = new ArrayList<>();
        if (path != null) {
            for (String entry : path.split(":")) {
                if (entry.startsWith("/")) {
                    try {
                        dirs.add(Path.of(entry));
                    } catch (InvalidPathException e) {
                        // An entry no path can be made of holds no program either.
                        continue;
                    }
                }
            }
        }
        return new ProgramPath(dirs);
    }

    public List<Path> dirs() {
        return dirs;
    }

    /** The {@code PATH} value that names these directories. */
    public String value() {
        StringBuilder sb = new StringBuilder();
        for (Path d : dirs) {
            sb.append(sb.isEmpty() ? "" : ":").append(d);
        }
        return sb.toString();
    }

    /**
     * The real path of the program {@code executable} names: an absolute path as it is, a bare name as found
     * first on this path; either way with every symlink resolved, and it must be an executable regular file.
     *
     * @throws ExecRefusal naming why there is no such program (relative paths are refused outright)
     */
    public Path resolve(String executable) throws ExecRefusal {
        if (executable.indexOf('/') >= 0) {
            if (!executable.startsWith("/")) {
                throw new ExecRefusal("executable '" + executable + "' is a relative path: name a program on the"
                        + " node's PATH, or give its absolute path");
            }
            Path p;
            try {
                p = Path.of(executable);
            } catch (InvalidPathException e) {
                throw new ExecRefusal("executable '" + executable + "' is not a valid path");
            }
            return real(p, executable);
        }
        for (Path dir : dirs) {
            Path candidate = dir.resolve(executable);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return real(candidate, executable);
            }
        }
        throw new ExecRefusal("no program '" + executable + "' on the node's PATH");
    }

    private static Path real(Path p, String executable) throws ExecRefusal {
        Path real;
        try {
            real = p.toRealPath();
        } catch (IOException e) {
            throw new ExecRefusal("no program at '" + executable + "'");
        }
        if (!Files.isRegularFile(real) || !Files.isExecutable(real)) {
            throw new ExecRefusal("'" + executable + "' (" + real + ") is not an executable file");
        }
        return real;
    }
}
