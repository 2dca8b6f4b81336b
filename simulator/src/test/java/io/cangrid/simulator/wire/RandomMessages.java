package io.cangrid.simulator.wire;

import io.cangrid.can.geometry.Zone;
import io.cangrid.can.geometry.ZonePath;
import io.cangrid.hygra.resource.DiscreteAttribute;
import io.cangrid.hygra.resource.HyperspaceSchema;
import io.cangrid.hygra.resource.QuantityResource;
import io.cangrid.hygra.resource.ResourceVector;
import io.cangrid.overlay.Message;
import io.cangrid.overlay.MessageRegistry;
import io.cangrid.overlay.NodeId;
import io.cangrid.overlay.Point;
import io.cangrid.jobs.FileRef;
import io.cangrid.jobs.InputFile;
import io.cangrid.jobs.JobCommand;
import io.cangrid.overlay.resource.Capabilities;
import io.cangrid.overlay.resource.Requirements;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Builds any registered message with random contents: records component by component through their
 * canonical constructors (a constructor that refuses the values is tried again with others), value
 * classes through their own factories, and message-typed fields (extensions, payloads) with another
 * random message. Values stay within what the types accept, so every attempt is a message a node could
 * really send.
 */
final class RandomMessages {

    private static final int ATTEMPTS = 50;
    private static final int MAX_DEPTH = 3;
    private static final int DIMENSIONS = 4;

    private static final HyperspaceSchema HYPERSPACE = new HyperspaceSchema(
            List.of(new QuantityResource("cpu", 200), new QuantityResource("mem", 200)),
            List.of(new DiscreteAttribute("os", Set.of("linux", "bsd"))));

    private final SplittableRandom random;
    private final List<Class<?>> messageTypes = new ArrayList<>();

    RandomMessages(MessageRegistry registry, long seed) {
        this.random = new SplittableRandom(seed);
        registry.entries().forEach((id, type) -> {
            if (Message.class.isAssignableFrom(type) && !type.isInterface()) {
                messageTypes.add(type);
            }
        });
    }

    List<Class<?>> messageTypes() {
        return messageTypes;
    }

    Object instance(Class<?> type) {
        return value(type, 0);
    }

    private Object value(Class<?> type, int depth) {
        if (type == int.class || type == Integer.class) {
            return random.nextInt(1_000);
        }
        if (type == long.class || type == Long.class) {
            return random.nextBoolean() ? random.nextLong() : (long) random.nextInt(10_000);
        }
        if (type == double.class || type == Double.class) {
            return random.nextDouble();
        }
        if (type == byte.class || type == Byte.class) {
            return (byte) random.nextInt(256);
        }
        if (type == boolean.class || type == Boolean.class) {
            return random.nextBoolean();
        }
        if (type == String.class) {
            return randomText();
        }
        if (type.isEnum()) {
            Object[] constants = type.getEnumConstants();
            return constants[random.nextInt(constants.length)];
        }
        if (type.isArray()) {
            int n = random.nextInt(4);
            Object array = Array.newInstance(type.getComponentType(), n);
            for (int i = 0; i < n; i++) {
                Array.set(array, i, value(type.getComponentType(), depth + 1));
            }
            return array;
        }
        if (type == NodeId.class) {
            return random.nextBoolean() ? NodeId.of(random.nextInt(1 << 20))
                    : new NodeId(random.nextLong(), "127.0.0.1", 1 + random.nextInt(65535));
        }
        if (type == Point.class) {
            double[] c = new double[DIMENSIONS];
            for (int i = 0; i < c.length; i++) {
                c[i] = random.nextDouble();
            }
            return Point.of(c);
        }
        if (type == Capabilities.class) {
            return new Capabilities(nonNegative());
        }
        if (type == Requirements.class) {
            return new Requirements(nonNegative());
        }
        if (type == ZonePath.class) {
            ZonePath p = ZonePath.ROOT;
            for (int i = random.nextInt(90); i > 0; i--) {
                p = p.child(random.nextInt(2));
            }
            return p;
        }
        if (type == Zone.class) {
            Zone z = Zone.wholeSpace(DIMENSIONS);
            for (int i = random.nextInt(8); i > 0; i--) {
                int d = random.nextInt(DIMENSIONS);
                Zone[] halves = z.split(d, (z.lo(d) + z.hi(d)) / 2, random.nextInt(100));
                z = halves[random.nextInt(2)];
            }
            return z;
        }
        if (type == JobCommand.class) {
            String[] argv = {"sh", "-c", randomText()};
            String[] env = random.nextBoolean() ? new String[0] : new String[] {"CANGRID_X=" + randomText()};
            InputFile[] inputs = {new InputFile("in.txt", randomText().getBytes(java.nio.charset.StandardCharsets.UTF_8))};
            FileRef[] files = random.nextBoolean() ? new FileRef[0] : new FileRef[] {(FileRef) value(FileRef.class, 0)};
            return new JobCommand(argv, env, inputs, new String[] {"out.txt"}, random.nextInt(100_000), files);
        }
        if (type == FileRef.class) {
            byte[] sha = new byte[FileRef.HASH_BYTES];
            byte[] manifest = new byte[FileRef.HASH_BYTES];
            random.nextBytes(sha);
            random.nextBytes(manifest);
            return new FileRef("in-" + random.nextInt(1000) + ".bin", random.nextLong(FileRef.MAX_FILE_BYTES + 1), sha,
                    manifest);
        }
        if (type == io.cangrid.jobs.JobExpressions.class) {
            return new io.cangrid.jobs.JobExpressions(random.nextBoolean() ? null : "other.OpSys == \"OS"
                    + random.nextInt(1000) + "\" && other.Memory >= " + random.nextInt(100_000),
                    random.nextBoolean() ? null : "other.Cpus * " + random.nextInt(10),
                    random.nextBoolean() ? null : "user" + random.nextInt(1000));
        }
        if (type == io.cangrid.overlay.ad.Ad.class) {
            // A machine's ad as a node publishes it: literals, a list, and an owner's Start.
            return io.cangrid.overlay.ad.Ad.parse("[ OpSys = \"OS" + random.nextInt(1000) + "\"; Memory = "
                    + random.nextInt(100_000) + "; CpuSpeed = " + random.nextDouble() + "; Licenses = {\"a\", \"b\"}; "
                    + (random.nextBoolean() ? "" : "Start = other.Owner =!= \"riffraff\" && DayTime() > '08:00'; ")
                    + "]");
        }
        if (type == ResourceVector.class) {
            return HYPERSPACE.request(Map.of("cpu", (long) random.nextInt(201), "mem", (long) random.nextInt(201)),
                    random.nextBoolean() ? Map.of() : Map.of("os", random.nextBoolean() ? "linux" : "bsd"));
        }
        if (type == Message.class || type.isInterface() && Message.class.isAssignableFrom(type)) {
            return depth >= MAX_DEPTH ? null : value(anyMessageOf(type), depth + 1);
        }
        if (type.isRecord()) {
            return record(type, depth);
        }
        throw new IllegalStateException("no generator for " + type.getName() + ": teach RandomMessages how to make one");
    }

    private Class<?> anyMessageOf(Class<?> bound) {
        List<Class<?>> fitting = new ArrayList<>();
        for (Class<?> t : messageTypes) {
            if (bound.isAssignableFrom(t)) {
                fitting.add(t);
            }
        }
        return fitting.get(random.nextInt(fitting.size()));
    }

    private Object record(Class<?> type, int depth) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
        }
        RuntimeException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Object[] args = new Object[components.length];
            for (int i = 0; i < args.length; i++) {
                args[i] = value(types[i], depth + 1);
            }
            try {
                Constructor<?> c = type.getDeclaredConstructor(types);
                c.setAccessible(true);
                return c.newInstance(args);
            } catch (InvocationTargetException e) {
                last = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot build " + type.getName(), e);
            }
        }
        throw new IllegalStateException("every random " + type.getSimpleName() + " was refused; last: " + last, last);
    }

    private double[] nonNegative() {
        double[] v = new double[DIMENSIONS - 1];
        for (int i = 0; i < v.length; i++) {
            v[i] = random.nextInt(5) == 0 ? 0 : random.nextDouble() * 10_000;
        }
        return v;
    }

    private String randomText() {
        int n = 1 + random.nextInt(12);
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append((char) (random.nextBoolean() ? 'a' + random.nextInt(26) : 0x3b1 + random.nextInt(20)));
        }
        return sb.toString();
    }
}
