package org.mpiguard.predict.model;

/**
 * The four actions of the concurrent trace program: everything a rank does is modelled by
 * them (a blocking send is a send followed by its wait, a collective is a barrier).
 */
public enum Kind {
    /** A nonblocking send: issued at once, matched later by a receive. */
    SEND,
    /** A nonblocking receive; its source and tag may be wildcards. */
    RECV,
    /** Blocks its rank until the request it waits for is matched. */
    WAIT,
    /** Blocks its rank until every member of its group has issued it. */
    BARRIER;

    public boolean blocking() {
        return this == WAIT || this == BARRIER;
    }
}
