/**
 * Real execution on a live run node: one process per job in its own working directory, a wall-clock
 * limit that kills the whole process tree, size-limited capture of output, and the node's execution
 * policy (which commands it runs at all). Completion reaches the node's protocol only through
 * {@code NodeContext.post}.
 */
package io.cangrid.jobs.exec;
