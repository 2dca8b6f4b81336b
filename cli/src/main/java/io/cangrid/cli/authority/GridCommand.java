package io.cangrid.cli.authority;

import io.cangrid.cli.common.ParentCommand;
import picocli.CommandLine.Command;

/** {@code cangrid grid}: the authority of a grid that admits its members by token. */
@Command(
        name = "grid",
        description = "The grid's authority: make it, issue admission tokens, revoke, show keys.",
        subcommands = {
            GridInitCommand.class,
            GridTokenCommand.class,
            GridRevokeCommand.class,
            GridKeyCommand.class,
        })
public final class GridCommand extends ParentCommand {
}
