/**
 * The wire format shared by every runtime: {@link io.cangrid.overlay.wire.MessageCodec} turns a message into
 * bytes and back with Kryo, under the ids of the {@link io.cangrid.overlay.MessageRegistry}. The live
 * runtime frames these bytes on TCP; the deterministic simulation can pass every message through the same
 * codec (copy-on-send) to prove that no protocol depends on receiving its sender's very object.
 */
package io.cangrid.overlay.wire;
