package org.mpiguard.adapter.shadow;

/** A reduction op: made when the program frees one (so a later use can say "already freed"). */
public final class OpShadow extends Shadow {

    OpShadow(Object op, int site, int rank) {
        super(op, site, rank);
    }
}
