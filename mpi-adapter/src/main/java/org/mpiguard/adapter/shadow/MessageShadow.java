package org.mpiguard.adapter.shadow;

/**
 * A message matched by {@code mProbe}/{@code imProbe}: the communicator it came on and the
 * source (a rank of that communicator) and tag the probe matched, so the {@code mRecv} or
 * {@code imRecv} that takes it is recorded in the trace as a receive of that message. The
 * program may reuse the object for the next probe: each probe overwrites what it holds.
 */
public final class MessageShadow extends Shadow {

    private volatile Matched matched;

    /** What a probe matched. */
    public record Matched(Object comm, int source, int tag) {
    }

    MessageShadow(Object message, int site, int rank) {
        super(message, site, rank);
    }

    /** The last probe's match, or null if no probe matched through this object. */
    public Matched matched() {
        return matched;
    }

    public void matched(Object comm, int source, int tag) {
        matched = new Matched(comm, source, tag);
    }
}
