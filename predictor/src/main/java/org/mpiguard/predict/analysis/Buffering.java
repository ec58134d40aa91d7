package org.mpiguard.predict.analysis;

/** How much the MPI library buffers standard-mode sends, the seed's two settings. */
public enum Buffering {
    /** A standard send may block until it is matched (MPI calls a program that needs more unsafe). */
    ZERO,
    /** Every standard send completes at once, as eager delivery of small messages does. */
    INFINITE
}
