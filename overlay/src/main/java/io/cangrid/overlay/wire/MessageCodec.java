package io.cangrid.overlay.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.overlay.ValueCodec;
import java.util.Map;
import java.util.Objects;

/**
 * Messages to bytes and back, the one wire format of every runtime. A body is the message's registry id
 * (a variable-length int) followed by the message as Kryo writes it. Kryo requires registration: a type
 * the registry does not know can be neither sent nor received, and values nested inside messages travel
 * under the registry's ids too, so the checked-in id table describes the whole format.
 *
 * <p>Kryo instances are not thread-safe. Each thread that uses the codec gets its own, configured
 * identically, on first use; the threads that encode and decode (Netty event loops, node threads,
 * simulation runs) are few and long-lived, and a thread-local instance costs no lock per message, which
 * matters in copy-on-send simulations that encode every message. Decoding accepts only the bytes of exactly one
 * message: trailing bytes, an unknown id, a type that is not a message, or values a type refuses all end
 * in a {@link WireFormatException}.
 */
public final class MessageCodec {

    /** Kryo keeps its own ids for primitives and String below this; registry ids sit above it. */
    static final int KRYO_ID_OFFSET = 100;

    private static final int INITIAL_BUFFER = 4096;
    private static final int KEPT_BUFFER = 64 * 1024;

    private final MessageRegistry registry;
    private final int maxBytes;
    private final ThreadLocal<Kryo> kryos;
    /** Each thread's output buffer, kept between messages so that it grows to the usual size once. */
    private final ThreadLocal<Output> outputs;

    /**
     * @param maxBytes the largest body this codec writes; a message that does not fit is refused at the
     *     sender, where the error can name it
     */
    public MessageCodec(MessageRegistry registry, int maxBytes) {
        this.registry = Objects.requireNonNull(registry, "registry");
        if (maxBytes < 16) {
            throw new IllegalArgumentException("a message body needs at least 16 bytes, got " + maxBytes);
        }
        this.maxBytes = maxBytes;
        this.kryos = ThreadLocal.withInitial(this::newKryo);
        this.outputs = ThreadLocal.withInitial(() -> new Output(Math.min(INITIAL_BUFFER, maxBytes), maxBytes));
        // Fail now, not on the first message, when a registered type cannot be serialized at all.
        kryos.get();
    }

    /** A codec for every catalog on the class path, bodies up to {@code maxBytes}. */
    public static MessageCodec discover(int maxBytes) {
        return new MessageCodec(MessageRegistry.discover(), maxBytes);
    }

    public MessageRegistry registry() {
        return registry;
    }

    public byte[] encode(Message message) {
        Objects.requireNonNull(message, "message");
        int id = registry.idOf(message.getClass());
        if (id < 0) {
            throw new IllegalArgumentException(message.getClass().getName() + " has no wire id: add it to its"
                    + " module's MessageCatalog");
        }
        Kryo kryo = kryos.get();
        Output out = outputs.get();
        out.reset();
        try {
            out.writeVarInt(id, true);
            kryo.writeObject(out, message);
            return out.toBytes();
        } catch (KryoException e) {
            throw new IllegalArgumentException("cannot encode " + message.getClass().getSimpleName() + ": "
                    + e.getMessage(), e);
        } finally {
            if (out.getBuffer().length > KEPT_BUFFER) {
                // A rare large message (job output) must not pin its buffer to the thread for good.
                outputs.remove();
            }
        }
    }

    public Message decode(byte[] body) {
        return decode(body, 0, body.length);
    }

    public Message decode(byte[] body, int offset, int length) {
        if (length == 0) {
            throw new WireFormatException("empty message body");
        }
        Kryo kryo = kryos.get();
        try (Input in = new Input(body, offset, length)) {
            int id = in.readVarInt(true);
            Class<?> type = registry.typeOf(id);
            if (type == null) {
                throw new WireFormatException("unknown message type id " + id);
            }
            if (!Message.class.isAssignableFrom(type)) {
                throw new WireFormatException("type id " + id + " (" + type.getSimpleName() + ") is a value, not a"
                        + " message");
            }
            Object message = kryo.readObject(in, type);
            if (in.position() != offset + length) {
                throw new WireFormatException((offset + length - in.position()) + " byte(s) left over after "
                        + type.getSimpleName());
            }
            return (Message) message;
        } catch (WireFormatException e) {
            throw e;
        } catch (KryoException e) {
            throw new WireFormatException(describe(e), e);
        } catch (RuntimeException e) {
            // A constructor refusing a decoded value (IllegalArgumentException, NullPointerException, ...).
            throw new WireFormatException("invalid value: " + e.getMessage(), e);
        }
    }

    /** Kryo appends its serialization trace on new lines; the first line says what went wrong. */
    private static String describe(KryoException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof WireFormatException w) {
            return w.getMessage();
        }
        String text = String.valueOf(root.getMessage());
        int nl = text.indexOf('\n');
        return "malformed message body: " + (nl < 0 ? text : text.substring(0, nl));
    }

    private Kryo newKryo() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        kryo.register(String.class, new BoundedStrings());
        for (Map.Entry<Integer, Class<?>> e : registry.entries().entrySet()) {
            Class<?> type = e.getValue();
            ValueCodec<?> custom = registry.codecOf(type);
            int kryoId = KRYO_ID_OFFSET + e.getKey();
            kryo.register(type, custom != null ? new KryoValues<>(custom, kryo) : defaultSerializer(kryo, type), kryoId);
        }
        return kryo;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Serializer<?> defaultSerializer(Kryo kryo, Class<?> type) {
        Serializer serializer = kryo.getDefaultSerializer(type);
        return type.isArray() ? new BoundedLength(serializer) : serializer;
    }
}
