package io.cangrid.simulator.scenario;

/**
 * A scenario that cannot be run: a file that is missing or malformed, an unknown key, or a value of the
 * wrong type or out of range. The message names the file, the key and what is allowed.
 */
public class ScenarioException extends IllegalArgumentException {

    public ScenarioException(String message) {
        super(message);
    }

    public ScenarioException(String message, Throwable cause) {
        super(message, cause);
    }
}
