/**
 * The node's web dashboard ({@code cangrid node --http}): a page and a JSON API served with Netty's HTTP
 * codec, answering from the same documents the client commands print, and guarded by a token derived from
 * the grid's secret.
 */
package io.cangrid.cli.dashboard;
