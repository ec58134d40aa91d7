package org.mpiguard.core.options;

import java.util.Locale;

/** A size as the options write it: a number of bytes with an optional unit {@code K}, {@code M}, {@code G}, {@code T} (powers of 1024, an optional {@code B} or {@code iB} after it). */
final class ByteSize {

    private ByteSize() {
    }

    /** The size in bytes, or -1 when {@code value} is not one (or overflows). */
    static long parse(String value) {
        String v = value.trim().toUpperCase(Locale.ROOT);
        if (v.endsWith("IB")) {
            v = v.substring(0, v.length() - 2);
        } else if (v.endsWith("B")) {
            v = v.substring(0, v.length() - 1);
        }
        int shift = 0;
        if (!v.isEmpty()) {
            int at = "KMGT".indexOf(v.charAt(v.length() - 1));
            if (at >= 0) {
                shift = 10 * (at + 1);
                v = v.substring(0, v.length() - 1).trim();
            }
        }
        if (v.isEmpty() || !allDigits(v)) {
            return -1;
        }
        try {
            long n = Long.parseLong(v);
            return n > Long.MAX_VALUE >> shift ? -1 : n << shift;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** A loop rather than a stream with a method reference: options are parsed at every rank's start-up. */
    private static boolean allDigits(String v) {
        for (int i = 0; i < v.length(); i++) {
            if (!Character.isDigit(v.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
