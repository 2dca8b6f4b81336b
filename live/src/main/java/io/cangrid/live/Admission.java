package io.cangrid.live;

/**
 * How one side of a connection shows that it belongs to the grid: the shared {@link GridSecret} of a
 * one-person grid, where every holder may do everything, or an {@link AdmissionToken} issued by the
 * grid's authority for one role. Either way each side also proves it holds its own {@link NodeKey}.
 */
public sealed interface Admission permits GridSecret, AdmissionToken {

    /** The kind byte of this credential in the handshake's proof frame. */
    int kind();

    /**
     * A value derived from the credential for another use (HMAC-SHA256 of {@code label} under it): it can be
     * shown where the credential must not be, since the credential cannot be recovered from it.
     */
    byte[] derive(String label);
}
