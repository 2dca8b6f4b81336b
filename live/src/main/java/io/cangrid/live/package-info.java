/**
 * The live runtime: nodes over TCP with Netty. Every connection starts with a handshake that proves both
 * sides hold the grid's secret; after it every frame carries a sequence number and a MAC under keys of
 * that connection alone. A node's protocol code and its connections share one Netty event loop, so
 * protocol state is touched by one thread; handlers decode and post to the node.
 */
package io.cangrid.live;
