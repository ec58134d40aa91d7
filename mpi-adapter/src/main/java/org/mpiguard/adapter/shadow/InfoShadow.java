package org.mpiguard.adapter.shadow;

/** An Info object: made when the program frees one (the binding's isNull() already tells a freed Info). */
public final class InfoShadow extends Shadow {

    InfoShadow(Object info, int site, int rank) {
        super(info, site, rank);
    }
}
