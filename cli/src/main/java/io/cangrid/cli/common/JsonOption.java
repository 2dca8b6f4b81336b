package io.cangrid.cli.common;

import picocli.CommandLine.Option;

/**
 * The {@code --json} flag, shared by every command that can print its result for scripts. Add it with
 * {@code @Mixin JsonOption json;} and print through {@link JsonOutput} when {@link #enabled()}.
 */
public final class JsonOption {

    @Option(names = "--json", description = "Print the result as JSON on stdout instead of text.")
    private boolean enabled;

    public boolean enabled() {
        return enabled;
    }
}
