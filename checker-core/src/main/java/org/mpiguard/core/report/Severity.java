package org.mpiguard.core.report;

import java.util.Locale;

public enum Severity {
    ERROR, WARNING;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
