/**
 * What an experiment leaves behind: one {@link io.cangrid.simulator.report.ResultRow} per run and one
 * {@link io.cangrid.simulator.report.LocatorSummary} per locator, gathered in a {@link
 * io.cangrid.simulator.report.SummaryDocument}; {@code summary.json}, per-job CSV files and PNG charts
 * ({@link io.cangrid.simulator.report.ReportWriter}); and a text table for the terminal.
 */
package io.cangrid.simulator.report;
