package io.cangrid.overlay;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Maps message types to the numeric ids they travel under, and also registers the value types those
 * messages carry (zones, points, ...) so that a wire format requiring registration knows them all.
 * Registering the same class twice under different ids, or two classes under one id, is a programming
 * error and fails at once rather than on the first message.
 */
public final class MessageRegistry {

    private final Map<Integer, Class<?>> byId = new LinkedHashMap<>();
    private final Map<Class<?>, Integer> byType = new LinkedHashMap<>();
    private final Map<Class<?>, ValueCodec<?>> codecs = new LinkedHashMap<>();

    /** A registry holding every catalog found on the class path. */
    public static MessageRegistry discover() {
        MessageRegistry registry = new MessageRegistry();
        for (MessageCatalog catalog : ServiceLoader.load(MessageCatalog.class)) {
            catalog.registerInto(registry);
        }
        return registry;
    }

    public MessageRegistry register(int id, Class<?> type) {
        if (id <= 0) {
            throw new IllegalArgumentException("message ids are positive, got " + id + " for " + type.getName());
        }
        Class<?> previous = byId.get(id);
        if (previous != null && previous != type) {
            throw new IllegalStateException("id " + id + " is taken by " + previous.getName()
                    + "; cannot register " + type.getName());
        }
        Integer previousId = byType.get(type);
        if (previousId != null && previousId != id) {
            throw new IllegalStateException(type.getName() + " is registered as " + previousId + ", not " + id);
        }
        byId.put(id, type);
        byType.put(type, id);
        return this;
    }

    /**
     * Registers a type the generic record form cannot rebuild (a final class with a private array, say), or
     * would carry slowly, with the codec that writes and reads it; records, enums and arrays need none.
     */
    public <T> MessageRegistry register(int id, Class<T> type, ValueCodec<T> codec) {
        register(id, type);
        codecs.put(type, java.util.Objects.requireNonNull(codec, "codec"));
        return this;
    }

    /** The codec registered for {@code type}, or null when the generic form serves. */
    public ValueCodec<?> codecOf(Class<?> type) {
        return codecs.get(type);
    }

    /** The id of a registered type, or -1. */
    public int idOf(Class<?> type) {
        Integer id = byType.get(type);
        return id == null ? -1 : id;
    }

    /** The type registered under {@code id}, or null. */
    public Class<?> typeOf(int id) {
        return byId.get(id);
    }

    /** Every registration, in registration order. */
    public Map<Integer, Class<?>> entries() {
        return Collections.unmodifiableMap(byId);
    }
}
