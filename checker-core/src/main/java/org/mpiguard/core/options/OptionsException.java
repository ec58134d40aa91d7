package org.mpiguard.core.options;

/** A bad option: the message names the key, the value and what would be valid. */
public final class OptionsException extends Exception {
    public OptionsException(String message) {
        super(message);
    }
}
