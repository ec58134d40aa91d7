package org.mpiguard.core.trace;

/** The {@code op} of PROBE events. An mProbe takes the message: the following MRECV names it. */
public enum ProbeOp {
    PROBE, IPROBE, MPROBE, IMPROBE;

    private static final ProbeOp[] VALUES = values();

    public static ProbeOp of(long code) {
        return code >= 0 && code < VALUES.length ? VALUES[(int) code] : null;
    }
}
