package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.List;

/**
 * A rank another block replays, as this block knows it from the shipments it received: the
 * sends to this block's ranks posted and not yet joined, how far the rank's sends to this
 * block are replayed, and whether its trace is read and replayed to the end. Shipments of
 * one block arrive in the order it made them, so each answer is one the owner gave earlier.
 */
final class RemoteRank implements RankProgress {

    private final List<SendEvent> posted = new ArrayList<>();
    private int replayed;
    private boolean ended;
    private boolean finished;

    @Override
    public int replayed() {
        return replayed;
    }

    @Override
    public boolean ended() {
        return ended;
    }

    @Override
    public boolean finished() {
        return finished;
    }

    @Override
    public boolean holdsSendTo(int dest, long comm, int index) {
        for (SendEvent s : posted) {
            if (s.index < index && s.dest == dest && s.comm == comm) {
                return true;
            }
        }
        return false;
    }

    /** A send to one of this block's ranks was posted (its owner read it). */
    void posted(SendEvent s) {
        posted.add(s);
    }

    /** The send of event {@code index} left the owner's posting (joined its channel, or cancelled). */
    void left(int index) {
        for (int k = 0; k < posted.size(); k++) {
            if (posted.get(k).index == index) {
                posted.remove(k);
                return;
            }
        }
    }

    /** The owner replayed event {@code index}, a send to this block. */
    void replayedThrough(int index) {
        replayed = Math.max(replayed, index + 1);
    }

    /** The owner read the rank's trace to its end (after shipping every send it joined). */
    void markEnded() {
        ended = true;
    }

    /** The owner replayed every event of the rank. */
    void markFinished() {
        finished = true;
    }
}
