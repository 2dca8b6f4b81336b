package io.cangrid.jobs.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChunkStoreTest {

    @TempDir
    Path dir;

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new SplittableRandom(seed).nextBytes(b);
        return b;
    }

    @Test
    void keepsAChunkUnderItsHashAndRefusesOneThatDoesNotMatch() throws Exception {
        ChunkStore store = new ChunkStore(dir, 1 << 20);
        byte[] data = bytes(1000, 1);
        byte[] hash = Hashes.of(data);
        store.put(hash, data);
        assertThat(store.has(hash)).isTrue();
        assertThat(store.read(hash)).isEqualTo(data);

        byte[] other = bytes(1000, 2);
        assertThatThrownBy(() -> store.put(Hashes.of(other), data)).isInstanceOf(BadChunkException.class)
                .hasMessageContaining("does not match");
        assertThat(store.has(Hashes.of(other))).isFalse();
    }

    @Test
    void removesTheLeastRecentlyUsedUnpinnedChunksAboveItsCapacity() throws Exception {
        ChunkStore store = new ChunkStore(dir, 3000);
        byte[] a = bytes(1000, 1);
        byte[] b = bytes(1000, 2);
        byte[] c = bytes(1000, 3);
        byte[] d = bytes(1000, 4);
        store.put(Hashes.of(a), a);
        store.put(Hashes.of(b), b);
        store.put(Hashes.of(c), c);
        store.pin("job", List.of(Hashes.of(a)));
        store.has(Hashes.of(b)); // b used after c
        store.put(Hashes.of(d), d);
        assertThat(store.has(Hashes.of(a))).as("pinned").isTrue();
        assertThat(store.has(Hashes.of(c))).as("least recently used, unpinned").isFalse();
        assertThat(store.has(Hashes.of(b))).isTrue();
        assertThat(store.bytes()).isEqualTo(3000);

        store.unpin("job");
        store.has(Hashes.of(d)); // the checks above used a, then b: d is the oldest but for this
        store.put(Hashes.of(c), c);
        assertThat(store.has(Hashes.of(a))).as("let go, and now the oldest").isFalse();
    }

    @Test
    void aFileHeldByManyNamesStaysUntilTheLastLetsGo() throws Exception {
        ChunkStore store = new ChunkStore(dir, 2000);
        byte[] a = bytes(1000, 1);
        byte[] b = bytes(1000, 2);
        byte[] manifest = bytes(64, 3);
        store.put(Hashes.of(a), a);
        store.put(Hashes.of(b), b);
        for (int job = 0; job < 1000; job++) {
            store.pinFile("in:" + job, manifest, List.of(Hashes.of(a), Hashes.of(b)));
        }
        assertThat(store.pinnedBytes("in:7")).isEqualTo(2000);
        for (int job = 0; job < 999; job++) {
            store.unpin("in:" + job);
        }
        byte[] c = bytes(1000, 4);
        store.put(Hashes.of(c), c);
        assertThat(store.has(Hashes.of(a))).as("still held by one job").isTrue();
        assertThat(store.has(Hashes.of(b))).isTrue();
        assertThat(store.has(Hashes.of(c))).as("over capacity, and not held").isFalse();

        store.unpin("in:999");
        store.put(Hashes.of(c), c);
        assertThat(store.count()).as("room made for the new chunk").isEqualTo(2);
        assertThat(store.has(Hashes.of(c))).isTrue();
    }

    @Test
    void aReopenedStoreKeepsItsChunksAndDropsADamagedOne() throws Exception {
        byte[] a = bytes(1000, 1);
        byte[] b = bytes(1000, 2);
        ChunkStore first = new ChunkStore(dir, 1 << 20);
        first.put(Hashes.of(a), a);
        first.put(Hashes.of(b), b);
        String hex = Hashes.hex(Hashes.of(b));
        Files.write(dir.resolve(hex.substring(0, 2)).resolve(hex), bytes(1000, 9));

        ChunkStore again = new ChunkStore(dir, 1 << 20);
        assertThat(again.count()).isEqualTo(2);
        assertThat(again.read(Hashes.of(a))).isEqualTo(a);
        assertThat(again.read(Hashes.of(b))).as("damaged on disk").isNull();
        assertThat(again.has(Hashes.of(b))).isFalse();
    }
}
