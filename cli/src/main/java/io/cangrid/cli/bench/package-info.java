/** {@code cangrid bench} and its benchmarks. */
package io.cangrid.cli.bench;
