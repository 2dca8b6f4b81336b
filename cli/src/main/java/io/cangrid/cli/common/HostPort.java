package io.cangrid.cli.common;

import java.util.function.Function;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A {@code HOST:PORT} address as given on the command line (IPv6 literals in brackets). */
public record HostPort(String host, int port) {

    public static HostPort parse(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' is not HOST:PORT");
        }
        String host = text.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "': port must be a number");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("'" + text + "': port must be in 0..65535");
        }
        return new HostPort(host, port);
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }

    /** {@code HOST:PORT}, or a port alone on the loopback address: what a local-only service listens on. */
    public static HostPort parseOrLoopback(String text) {
        if (text.chars().allMatch(Character::isDigit) && !text.isEmpty()) {
            return parse("127.0.0.1:" + text);
        }
        return parse(text);
    }

    /** Picocli converter, so a bad address is a usage error naming the option. */
    public static final class Converter implements ITypeConverter<HostPort> {
        @Override
        public HostPort convert(String value) {
            return converted(value, HostPort::parse);
        }
    }

    /** As {@link Converter}, a port alone meaning that port on 127.0.0.1. */
    public static final class LoopbackConverter implements ITypeConverter<HostPort> {
        @Override
        public HostPort convert(String value) {
            return converted(value, HostPort::parseOrLoopback);
        }
    }

    private static HostPort converted(String value, Function<String, HostPort> parser) {
        try {
            return parser.apply(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
