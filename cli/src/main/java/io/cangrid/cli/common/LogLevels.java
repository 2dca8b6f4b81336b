package io.cangrid.cli.common;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

/**
 * Switches logging between the quiet default (WARN, from {@code logback.xml}) and {@code --verbose}.
 * Verbose turns on DEBUG for cangrid's own loggers and INFO for libraries, whose DEBUG output (Netty,
 * OSHI) would drown cangrid's.
 */
public final class LogLevels {

    private static final String PROJECT_LOGGER = "io.cangrid";

    private LogLevels() {
    }

    public static void verbose() {
        if (LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext context) {
            context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.INFO);
            context.getLogger(PROJECT_LOGGER).setLevel(Level.DEBUG);
        }
    }

    /**
     * Silences what nodes log per job and per change (INFO by default) for a command that runs many
     * nodes in its own JVM: a benchmark's thousands of jobs would otherwise each print lines.
     */
    public static void quietNodes() {
        if (LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext context) {
            context.getLogger("io.cangrid.node").setLevel(Level.WARN);
            context.getLogger("io.cangrid.jobs.gateway").setLevel(Level.WARN);
            context.getLogger("io.cangrid.jobs.exec").setLevel(Level.WARN);
        }
    }

    /** Back to the levels {@code logback.xml} sets; used by tests that turned verbose on. */
    public static void quiet() {
        if (LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext context) {
            context.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.WARN);
            context.getLogger(PROJECT_LOGGER).setLevel(null);
        }
    }
}
