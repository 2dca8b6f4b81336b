package io.cangrid.jobs.files;

import io.cangrid.overlay.MessageCatalog;
import io.cangrid.overlay.MessageRegistry;

/** Wire ids of file transfers (90–99 of the live runtime's range). */
public final class FileMessages implements MessageCatalog {

    @Override
    public void registerInto(MessageRegistry registry) {
        registry.register(90, ChunkWant.class)
                .register(91, ChunkGive.class)
                .register(92, ChunkPut.class)
                .register(93, ChunkPutReply.class)
                .register(94, ChunkCheck.class)
                .register(95, ChunkCheckReply.class)
                .register(96, FileStatsQuery.class)
                .register(97, FileStats.class);
    }
}
