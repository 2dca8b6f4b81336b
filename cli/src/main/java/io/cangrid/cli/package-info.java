/**
 * The {@code cangrid} command line: the root command {@link io.cangrid.cli.CangridCommand}, the error
 * conventions ({@link io.cangrid.cli.UserError}, {@link io.cangrid.cli.Validation},
 * {@link io.cangrid.cli.ExitCodes}) and {@code --json} output ({@link io.cangrid.cli.JsonOutput},
 * {@link io.cangrid.cli.JsonOption}).
 */
package io.cangrid.cli;
