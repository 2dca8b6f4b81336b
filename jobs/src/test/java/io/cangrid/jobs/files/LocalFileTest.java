package io.cangrid.jobs.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cangrid.jobs.FileRef;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalFileTest {

    @TempDir
    Path dir;

    @Test
    void aFileIsItsChunksInOrderAndItsManifestListsThem() throws Exception {
        byte[] content = new byte[FileRef.CHUNK_BYTES * 2 + 17];
        new SplittableRandom(3).nextBytes(content);
        Path f = dir.resolve("data");
        Files.write(f, content);
        List<byte[]> seen = new ArrayList<>();
        LocalFile local = LocalFile.describe(f, "data", (hash, data) -> {
            assertThat(Hashes.matches(hash, data)).isTrue();
            seen.add(hash);
        });
        FileRef ref = local.ref();
        assertThat(ref.size()).isEqualTo(content.length);
        assertThat(ref.chunks()).isEqualTo(3);
        assertThat(ref.chunkSize(2)).isEqualTo(17);
        assertThat(ref.sha256()).isEqualTo(Hashes.of(content));
        List<byte[]> listed = Hashes.chunksOf(ref, local.manifest());
        assertThat(listed).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(listed.get(i)).isEqualTo(seen.get(i));
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            assertThat(LocalFile.readChunk(ch, ref, 2, listed.get(2))).hasSize(17);
        }
    }

    @Test
    void aManifestOfAnotherFileIsRefused() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        Files.write(a, new byte[1000]);
        Files.write(b, new byte[2000]);
        LocalFile la = LocalFile.describe(a, "a", null);
        LocalFile lb = LocalFile.describe(b, "b", null);
        assertThatThrownBy(() -> Hashes.chunksOf(la.ref(), lb.manifest())).isInstanceOf(BadChunkException.class);
    }

    @Test
    void aFileChangedAfterItWasDescribedIsNotSentAsIfItWereTheSame() throws Exception {
        Path f = dir.resolve("f");
        Files.write(f, new byte[1000]);
        LocalFile local = LocalFile.describe(f, "f", null);
        Files.write(f, new byte[] {1, 2, 3});
        byte[] hash = Hashes.chunksOf(local.ref(), local.manifest()).get(0);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            assertThatThrownBy(() -> LocalFile.readChunk(ch, local.ref(), 0, hash)).hasMessageContaining("changed");
        }
    }
}
