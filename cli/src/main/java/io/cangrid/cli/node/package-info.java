/** The live grid from the command line: {@code cangrid node}, and the operator's {@code peers} and {@code nodes}. */
package io.cangrid.cli.node;
