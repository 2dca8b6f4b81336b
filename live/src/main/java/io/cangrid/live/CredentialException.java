package io.cangrid.live;

/**
 * A key, token or revocation that cannot be used: malformed, expired, of another grid or role, or in a
 * file others can read. The message names the problem and what to do; a node with a bad credential of its
 * own never starts.
 */
public final class CredentialException extends RuntimeException {

    public CredentialException(String message) {
        super(message);
    }

    public CredentialException(String message, Throwable cause) {
        super(message, cause);
    }
}
