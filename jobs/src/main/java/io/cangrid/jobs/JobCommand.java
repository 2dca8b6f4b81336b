package io.cangrid.jobs;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a real job runs: the executable and its arguments, extra environment variables, the input files
 * placed in its working directory, the output files collected when it ends, and a wall-clock limit after
 * which its whole process tree is killed. A simulated job has no command, only an amount of work.
 *
 * <p>Arrays are copied in and out, so a command never changes once made and equal commands are equal.
 *
 * @param environment {@code NAME=VALUE} entries
 * @param inputs small input files, carried inside the job's messages
 * @param timeoutMillis the wall-clock limit; 0 for none
 * @param files large input files, carried by reference: the run node fetches their chunks from the
 *        injection node (or any node that holds them) before the run starts
 */
public record JobCommand(String[] argv, String[] environment, InputFile[] inputs, String[] outputs,
        long timeoutMillis, FileRef[] files) {

    /** Inputs travel inside the job's messages, which must fit a frame. */
    public static final int MAX_INPUT_BYTES = 256 * 1024;
    public static final int MAX_ARGUMENTS = 4096;
    public static final int MAX_TEXT = 64 * 1024;
    public static final int MAX_FILES = 64;

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*", Pattern.DOTALL);

    public JobCommand {
        Objects.requireNonNull(argv, "argv");
        Objects.requireNonNull(environment, "environment");
        Objects.requireNonNull(inputs, "inputs");
        Objects.requireNonNull(outputs, "outputs");
        files = files == null ? new FileRef[0] : files.clone();
        argv = argv.clone();
        environment = environment.clone();
        inputs = inputs.clone();
        outputs = outputs.clone();
        if (argv.length == 0 || argv[0] == null || argv[0].isBlank()) {
            throw new IllegalArgumentException("a command needs an executable: give it after '--'");
        }
        if (argv.length > MAX_ARGUMENTS) {
            throw new IllegalArgumentException("a command has at most " + MAX_ARGUMENTS + " arguments, this one "
                    + argv.length);
        }
        for (String a : argv) {
            checkText(Objects.requireNonNull(a, "argument"), "an argument");
        }
        for (String e : environment) {
            checkText(Objects.requireNonNull(e, "environment entry"), "an environment entry");
            if (!VARIABLE.matcher(e).matches()) {
                throw new IllegalArgumentException("environment entries are NAME=VALUE with NAME of letters, digits"
                        + " and '_', not starting with a digit; got '" + e + "'");
            }
        }
        long total = 0;
        for (InputFile f : inputs) {
            total += Objects.requireNonNull(f, "input file").size();
        }
        if (total > MAX_INPUT_BYTES) {
            throw new IllegalArgumentException("input files add up to " + total + " bytes; a job carries at most "
                    + MAX_INPUT_BYTES + " inside its messages (larger inputs travel by reference, as chunks)");
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        for (InputFile f : inputs) {
            names.add(f.name());
        }
        if (files.length > MAX_FILES) {
            throw new IllegalArgumentException("a job carries at most " + MAX_FILES + " large input files, this one "
                    + files.length);
        }
        for (FileRef f : files) {
            if (!names.add(Objects.requireNonNull(f, "input file").name())) {
                throw new IllegalArgumentException("two input files are named " + f.name());
            }
        }
        for (String o : outputs) {
            checkFileName(o, "output file");
        }
        if (timeoutMillis < 0) {
            throw new IllegalArgumentException("the time limit must be >= 0 (0 = none), was " + timeoutMillis + " ms");
        }
    }

    /** A command whose inputs all travel inside its messages. */
    public JobCommand(String[] argv, String[] environment, InputFile[] inputs, String[] outputs, long timeoutMillis) {
        this(argv, environment, inputs, outputs, timeoutMillis, new FileRef[0]);
    }

    /** A command with arguments only. */
    public static JobCommand of(String... argv) {
        return new JobCommand(argv, new String[0], new InputFile[0], new String[0], 0);
    }

    public String executable() {
        return argv[0];
    }

    @Override
    public String[] argv() {
        return argv.clone();
    }

    @Override
    public String[] environment() {
        return environment.clone();
    }

    @Override
    public InputFile[] inputs() {
        return inputs.clone();
    }

    @Override
    public String[] outputs() {
        return outputs.clone();
    }

    @Override
    public FileRef[] files() {
        return files.clone();
    }

    /** The bytes of every input, small and large. */
    public long inputBytes() {
        long total = 0;
        for (InputFile f : inputs) {
            total += f.size();
        }
        for (FileRef f : files) {
            total += f.size();
        }
        return total;
    }

    /** The same command with {@code more} large inputs. */
    public JobCommand withFiles(FileRef... more) {
        FileRef[] all = Arrays.copyOf(files, files.length + more.length);
        System.arraycopy(more, 0, all, files.length, more.length);
        return new JobCommand(argv, environment, inputs, outputs, timeoutMillis, all);
    }

    public List<String> argumentList() {
        return List.of(argv);
    }

    static void checkFileName(String name, String what) {
        Objects.requireNonNull(name, what + " name");
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/") || name.contains("\\")
                || name.indexOf('\0') >= 0 || name.length() > 255) {
            throw new IllegalArgumentException("an " + what + " is named by a plain file name (no directories, at most"
                    + " 255 characters), got '" + name + "'");
        }
    }

    private static void checkText(String s, String what) {
        if (s.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(what + " must not contain a NUL character");
        }
        if (s.length() > MAX_TEXT) {
            throw new IllegalArgumentException(what + " has at most " + MAX_TEXT + " characters, this one " + s.length());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JobCommand c && Arrays.equals(c.argv, argv) && Arrays.equals(c.environment, environment)
                && Arrays.equals(c.inputs, inputs) && Arrays.equals(c.outputs, outputs)
                && c.timeoutMillis == timeoutMillis && Arrays.equals(c.files, files);
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(argv), Arrays.hashCode(environment), Arrays.hashCode(inputs),
                Arrays.hashCode(outputs), timeoutMillis, Arrays.hashCode(files));
    }

    @Override
    public String toString() {
        return String.join(" ", argv) + (timeoutMillis > 0 ? " (limit " + timeoutMillis + " ms)" : "");
    }
}
