/** {@code cangrid simulate}: runs an experiment defined by a scenario file and reports on it. */
package io.cangrid.cli.simulate;
