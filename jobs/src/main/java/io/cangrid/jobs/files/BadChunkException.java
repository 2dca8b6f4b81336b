package io.cangrid.jobs.files;

/** A chunk or manifest whose content is not what its hash says: refused, and fetched again elsewhere. */
public final class BadChunkException extends Exception {

    public BadChunkException(String message) {
        super(message);
    }
}
