package io.cangrid.cli.authority;

import io.cangrid.live.GridAuthority;
import io.cangrid.live.NetConfig;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code cangrid grid init}: makes a grid's authority, the key that admits its members. */
@Command(name = "init", description = "Make a grid authority key pair; it issues the grid's admission tokens.")
public final class GridInitCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--authority", paramLabel = "DIR",
            description = "Where the authority's key goes (default: ~/.config/cangrid/authority).")
    private Path dir;

    @Option(names = "--grid", paramLabel = "NAME", defaultValue = NetConfig.DEFAULT_GRID,
            description = "The grid's name, written into every token (default: ${DEFAULT-VALUE}).")
    private String grid;

    @Override
    public Integer call() {
        Path at = AuthorityDirectory.resolve(dir);
        GridAuthority authority = AuthorityDirectory.create(at, grid);
        spec.commandLine().getOut().printf("grid '%s': authority %s in %s%n"
                + "next: cangrid grid token --role node --out node.token (one per node, or --for its key)%n",
                authority.grid(), authority.key().publicText(), at);
        return 0;
    }
}
