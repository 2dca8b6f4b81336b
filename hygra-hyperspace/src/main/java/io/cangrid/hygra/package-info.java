/**
 * HYGRA (Messina, Pappalardo, Santoro): a k-nearest overlay over the nodes' available resources and a
 * check-and-forward resource finder on it. {@code resource} is the resource model, {@code protocol} the
 * message-driven node program, {@code message} its wire records and {@code tick} the tick-driven experiment
 * that reproduces the paper's simulator on the same protocol code.
 */
package io.cangrid.hygra;
