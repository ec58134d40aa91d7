package org.mpiguard.adapter.shadow;

/**
 * A matched message of {@code mProbe}/{@code improbe}. No check records one yet; the
 * message-trace work hangs its state here (the probe's site, whether mRecv consumed it).
 */
public final class MessageShadow extends Shadow {

    MessageShadow(Object message, int site, int rank) {
        super(message, site, rank);
    }
}
