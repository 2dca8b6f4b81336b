/**
 * {@code cangrid grid}: the grid's authority and identities. {@code init} makes the authority's key pair,
 * {@code token} issues admission tokens for a role, {@code revoke} withdraws a key, a node or a token
 * and carries the revocation into the grid, {@code key} shows (and makes) a node's or a client's key.
 */
package io.cangrid.cli.authority;
