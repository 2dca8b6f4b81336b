/** {@code cangrid demo}: a grid of real node processes on this machine, driven end to end. */
package io.cangrid.cli.demo;
