package io.cangrid.jobs.files;

import io.cangrid.overlay.Message;

/** The messages that move files' chunks between clients and nodes, and between nodes; live grids only. */
public interface FileMessage extends Message {

    /** Matches an answer to its question. */
    long ticket();
}
