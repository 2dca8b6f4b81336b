/**
 * The {@code cangrid} command line: the root command {@link io.cangrid.cli.CangridCommand}, the error
 * conventions ({@link io.cangrid.cli.common.UserError}, {@link io.cangrid.cli.common.Validation},
 * {@link io.cangrid.cli.common.ExitCodes}) and {@code --json} output ({@link io.cangrid.cli.common.JsonOutput},
 * {@link io.cangrid.cli.common.JsonOption}).
 */
package io.cangrid.cli;

import io.cangrid.cli.common.ExitCodes;
import io.cangrid.cli.common.JsonOption;
import io.cangrid.cli.common.JsonOutput;
import io.cangrid.cli.common.UserError;
import io.cangrid.cli.common.Validation;
