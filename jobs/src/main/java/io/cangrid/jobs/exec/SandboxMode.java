package io.cangrid.jobs.exec;

import java.util.Locale;

/**
 * How a node walls its jobs in: {@code auto} (the default) uses bubblewrap when the machine has it and it
 * works, {@code bwrap} requires it, {@code none} runs jobs with only their own directory, user, cgroup and
 * process namespace to keep them apart.
 */
public enum SandboxMode {
    AUTO, NONE, BWRAP;

    /** @throws IllegalArgumentException naming the accepted values */
    public static SandboxMode parse(String text) {
        try {
            return valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sandbox '" + text + "' is not auto, none or bwrap");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
