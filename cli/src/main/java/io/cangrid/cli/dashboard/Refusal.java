package io.cangrid.cli.dashboard;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * A request turned away from its head alone, by {@link HeadCheck}: passed down the pipeline in the
 * request's place, so that its answer goes out in turn after any earlier request's, and the connection
 * ends with it.
 */
record Refusal(HttpResponseStatus status, String message) {
}
