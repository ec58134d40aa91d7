package org.mpiguard.build;

import java.util.List;

/** Rule lines that cannot be right; each message starts with {@code file.rules:line}. The build fails on them. */
final class RuleErrors extends RuntimeException {

    private final List<String> errors;

    RuleErrors(List<String> errors) {
        super(errors.size() + " rule error(s):\n  " + String.join("\n  ", errors));
        this.errors = List.copyOf(errors);
    }

    List<String> errors() {
        return errors;
    }
}
