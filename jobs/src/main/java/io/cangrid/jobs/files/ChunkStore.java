package io.cangrid.jobs.files;

import io.cangrid.overlay.PrivateFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node's chunks on disk, each in a file named by its SHA-256 ({@code xx/<hash>}), checked against that
 * name when put and again when read. What no job holds (a pin) is a cache: least recently used first, it is
 * removed when the chunks together pass the store's capacity. Pins are named (a job's inputs, a job's
 * outputs), so whoever holds chunks lets them go by that name. Thread-safe: transfers use it from their
 * own threads.
 */
public final class ChunkStore {

    private static final Logger log = LoggerFactory.getLogger(ChunkStore.class);

    private final Path root;
    private final long capacity;
    /** Every chunk here and its size, least recently used first. */
    private final LinkedHashMap<String, Integer> chunks = new LinkedHashMap<>(16, 0.75f, true);
    private final Map<String, Set<String>> pins = new HashMap<>();
    /** Whole files held, by their manifest's hash: one set of chunks however many names hold the file. */
    private final Map<String, HeldFile> files = new HashMap<>();
    /** The files each name holds. */
    private final Map<String, Set<String>> filePins = new HashMap<>();
    private final Map<String, Integer> pinCounts = new HashMap<>();
    private long bytes;

    /**
     * Opens the store in {@code root}, keeping what an earlier life of the node stored there (oldest
     * first), and makes room down to {@code capacity} bytes.
     */
    public ChunkStore(Path root, long capacity) throws IOException {
        if (capacity <= 0) {
            throw new IllegalArgumentException("a chunk store needs a capacity > 0, was " + capacity);
        }
        this.root = root;
        this.capacity = capacity;
        PrivateFiles.createDirectories(root);
        List<Path> found = new ArrayList<>();
        try (Stream<Path> all = Files.walk(root, 2)) {
            all.filter(p -> Files.isRegularFile(p)).forEach(found::add);
        }
        found.sort(Comparator.comparingLong(ChunkStore::modified));
        for (Path p : found) {
            String name = p.getFileName().toString();
            if (Hashes.isHex(name)) {
                int size = (int) Files.size(p);
                chunks.put(name, size);
                bytes += size;
            } else {
                Files.deleteIfExists(p); // a write cut short by a crash
            }
        }
        synchronized (this) {
            evict();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    public synchronized boolean has(byte[] hash) {
        return chunks.get(Hashes.hex(hash)) != null;
    }

    /** The chunk's bytes, or null when it is not here (or was damaged on disk, and is now removed). */
    public byte[] read(byte[] hash) throws IOException {
        String hex = Hashes.hex(hash);
        synchronized (this) {
            if (chunks.get(hex) == null) {
                return null;
            }
        }
        byte[] data;
        try {
            data = Files.readAllBytes(path(hex));
        } catch (java.nio.file.NoSuchFileException e) {
            forget(hex);
            return null;
        }
        if (!Hashes.matches(hash, data)) {
            log.warn("chunk {} was damaged on disk: removed", hex);
            forget(hex);
            Files.deleteIfExists(path(hex));
            return null;
        }
        return data;
    }

    /**
     * Keeps {@code data} as the chunk {@code hash}.
     *
     * @throws BadChunkException when the data's SHA-256 is not {@code hash}
     */
    public void put(byte[] hash, byte[] data) throws IOException, BadChunkException {
        if (!Hashes.matches(hash, data)) {
            throw new BadChunkException("a chunk's content does not match its SHA-256 " + Hashes.hex(hash));
        }
        String hex = Hashes.hex(hash);
        synchronized (this) {
            if (chunks.get(hex) != null) {
                return;
            }
        }
        Path target = path(hex);
        PrivateFiles.createDirectories(target.getParent());
        Path part = target.resolveSibling(hex + ".part-" + Thread.currentThread().getId());
        PrivateFiles.write(part, data);
        Files.move(part, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        synchronized (this) {
            if (chunks.put(hex, data.length) == null) {
                bytes += data.length;
            }
            evict();
        }
    }

    /** Holds {@code hashes} under {@code name} (in addition to what it held), so none of them is evicted. */
    public synchronized void pin(String name, Collection<byte[]> hashes) {
        Set<String> held = pins.computeIfAbsent(name, n -> new HashSet<>());
        for (byte[] h : hashes) {
            String hex = Hashes.hex(h);
            if (held.add(hex)) {
                pinCounts.merge(hex, 1, Integer::sum);
            }
        }
    }

    private static final class HeldFile {
        final Set<String> chunks = new HashSet<>();
        int holders;
    }

    /**
     * Holds a whole file, its manifest and {@code chunks}, under {@code name}. Many names (the jobs that share
     * an input) hold one file at the cost of one: its chunks are listed once.
     */
    public synchronized void pinFile(String name, byte[] manifest, Collection<byte[]> chunks) {
        String key = Hashes.hex(manifest);
        if (!filePins.computeIfAbsent(name, n -> new HashSet<>()).add(key)) {
            return;
        }
        HeldFile file = files.computeIfAbsent(key, k -> new HeldFile());
        if (file.holders++ == 0) {
            file.chunks.add(key);
            for (byte[] h : chunks) {
                file.chunks.add(Hashes.hex(h));
            }
            for (String hex : file.chunks) {
                pinCounts.merge(hex, 1, Integer::sum);
            }
        }
    }

    /** Lets go of what {@code name} held; it stays as cache until room is needed. */
    public synchronized void unpin(String name) {
        Set<String> held = pins.remove(name);
        if (held != null) {
            held.forEach(this::release);
        }
        Set<String> heldFiles = filePins.remove(name);
        if (heldFiles != null) {
            for (String key : heldFiles) {
                HeldFile file = files.get(key);
                if (file != null && --file.holders == 0) {
                    files.remove(key);
                    file.chunks.forEach(this::release);
                }
            }
        }
        evict();
    }

    private void release(String hex) {
        pinCounts.computeIfPresent(hex, (k, n) -> n == 1 ? null : n - 1);
    }

    public synchronized boolean pinned(String name) {
        return pins.containsKey(name) || filePins.containsKey(name);
    }

    /** The bytes the chunks held under {@code name} take, those here. */
    public synchronized long pinnedBytes(String name) {
        Set<String> all = new HashSet<>(pins.getOrDefault(name, Set.of()));
        for (String key : filePins.getOrDefault(name, Set.of())) {
            HeldFile file = files.get(key);
            if (file != null) {
                all.addAll(file.chunks);
            }
        }
        long total = 0;
        for (String hex : all) {
            Integer size = chunks.get(hex);
            total += size == null ? 0 : size;
        }
        return total;
    }

    public synchronized long bytes() {
        return bytes;
    }

    public synchronized int count() {
        return chunks.size();
    }

    private synchronized void forget(String hex) {
        Integer size = chunks.remove(hex);
        if (size != null) {
            bytes -= size;
        }
    }

    /** Removes unpinned chunks, least recently used first, until the store is within its capacity. */
    private void evict() {
        Iterator<Map.Entry<String, Integer>> it = chunks.entrySet().iterator();
        while (bytes > capacity && it.hasNext()) {
            Map.Entry<String, Integer> e = it.next();
            if (pinCounts.containsKey(e.getKey())) {
                continue;
            }
            try {
                Files.deleteIfExists(path(e.getKey()));
                bytes -= e.getValue();
                it.remove();
            } catch (IOException ex) {
                log.warn("cannot remove cached chunk {}: {}", e.getKey(), ex.toString());
                return;
            }
        }
    }

    private Path path(String hex) {
        return root.resolve(hex.substring(0, 2)).resolve(hex);
    }
}
