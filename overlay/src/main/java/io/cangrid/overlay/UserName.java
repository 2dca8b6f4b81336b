package io.cangrid.overlay;

import java.util.regex.Pattern;

/**
 * A user's name, as an admission token names the user its holder acts as and a job's {@code Owner} carries
 * it: 1 to 64 letters, digits and {@code . _ @ -}, so that it reads the same in an ad, a log and a file name.
 */
public final class UserName {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._@-]{1,64}");

    private UserName() {
    }

    /** {@code name}, checked. @throws IllegalArgumentException saying what a user name may hold */
    public static String check(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a user name is 1 to 64 letters, digits and . _ @ -, not '"
                    + LogText.of(String.valueOf(name), 80) + "'");
        }
        return name;
    }
}
