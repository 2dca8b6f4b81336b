package io.cangrid.cli.authority;

import io.cangrid.cli.node.NodeCommand;
import io.cangrid.live.KeyFile;
import io.cangrid.live.NodeKey;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cangrid grid key}: prints the public key of a node (its work directory) or a client, making the key
 * first if there is none, so that the authority can issue a token for it alone ({@code token --for}).
 */
@Command(name = "key", description = "Print (and make on first use) the public key of a node or a client.")
public final class GridKeyCommand implements Callable<Integer> {

    static final class Which {
        @Option(names = "--workdir", paramLabel = "DIR", description = "A node's work directory.")
        Path workdir;

        @Option(names = "--key-file", paramLabel = "FILE", description = "A key file.")
        Path keyFile;
    }

    @Spec
    private CommandSpec spec;

    @ArgGroup(exclusive = true)
    private Which which;

    @Override
    public Integer call() {
        Path file = which != null && which.workdir != null ? which.workdir.resolve(NodeCommand.KEY_FILE)
                : which != null && which.keyFile != null ? which.keyFile
                : Path.of(System.getProperty("user.home"), ".config", "cangrid", "client.key");
        NodeKey key = KeyFile.loadOrCreate(file);
        spec.commandLine().getOut().println(key.publicText());
        return 0;
    }
}
