package io.cangrid.cli.node;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A number option that cannot be negative ({@code --min-cpu}): a negative value is a usage error (exit 2). */
public final class NonNegative implements ITypeConverter<Double> {

    @Override
    public Double convert(String value) {
        double v;
        try {
            v = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is not a number");
        }
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new TypeConversionException("'" + value + "' must be a finite number >= 0");
        }
        return v;
    }
}
