package org.mpiguard.analyzer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.trace.EventBuffer;
import org.mpiguard.core.trace.TraceFormatException;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.TraceStream;

/**
 * Sends paired with receives as every rank's trace is read, a slice of each rank in turn,
 * holding only what is in flight: the messages sent and not yet received, the receives
 * posted and not yet given a message. The pairs are those {@link PointToPoint} makes from
 * whole traces: on each channel (sender, receiver, communicator, tag) the k-th message
 * sent goes to the k-th receive posted. A receive joins its channel once its source and
 * tag are known (a wildcard's from its status) and every receive its rank posted before it
 * has joined; a send once it can no longer be cancelled (a blocking one at once, a
 * nonblocking one at its completion) and every send before it has joined: so both sides
 * join in their rank's posting order, as MPI matches them.
 */
final class StreamingMatch {

    /** What the pairing finds, as it finds it. */
    interface Listener {
        void paired(SendEvent s, RecvEvent v);

        /** A message no receive took, told at the end (never a cancelled one). */
        void unmatched(SendEvent s);

        /** A receive that took no message and was not cancelled, told when that is sure. */
        void open(RecvEvent v);

        /** A receive was posted (told in each rank's posting order). */
        default void posted(RecvEvent v) {
        }

        /** A message that some receive may take joined its channel (told in each sender's order per channel). */
        default void joined(SendEvent s) {
        }
    }

    /**
     * Where the pairing is spread over blocks of ranks: the sends to a rank another block
     * replays are paired there, so this block ships them (as posted, then as joined or gone)
     * instead of joining them here, and says when a rank's trace ends.
     */
    interface Router {
        /** Whether {@code rank}'s receives are paired by another block. */
        boolean remote(int rank);

        /** A send to a remote rank was posted: it holds back the receiver's judgement until it joins. */
        void posted(SendEvent s);

        /** A send to a remote rank left its rank's posting: joined its channel, or cancelled. */
        void left(SendEvent s);

        /** The rank's trace is read to its end, after every send it joined was shipped. */
        void ended(int rank);
    }

    /**
     * A channel: sender, receiver, communicator and tag. Looked up through one reused probe
     * (two lookups a message; a key made for each was a tenth of the analysis' allocation) and
     * copied only when a channel's first queue is made, so no key in a map ever changes.
     */
    private static final class Route {
        private int sender;
        private int receiver;
        private long comm;
        private int tag;

        Route set(int sender, int receiver, long comm, int tag) {
            this.sender = sender;
            this.receiver = receiver;
            this.comm = comm;
            this.tag = tag;
            return this;
        }

        Route copy() {
            return new Route().set(sender, receiver, comm, tag);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Route r && sender == r.sender && receiver == r.receiver && comm == r.comm
                    && tag == r.tag;
        }

        @Override
        public int hashCode() {
            return ((sender * 31 + receiver) * 31 + Long.hashCode(comm)) * 31 + tag;
        }
    }

    /**
     * One rank's sends and receives from their posting until they join their channels, in
     * posting order (a few: what is in flight): the collector of the rank's events tells it.
     */
    final class Posting implements MessageCollector.Sink {
        final List<SendEvent> sends = new ArrayList<>();
        final List<RecvEvent> recvs = new ArrayList<>();
        private final int rank;
        private int posted;

        Posting(int rank) {
            this.rank = rank;
        }

        @Override
        public void sent(SendEvent s) {
            sends.add(s);
            if (router != null && s.dest >= 0 && s.dest < worldSize && router.remote(s.dest)) {
                router.posted(s);
            }
            drainSends(false);
        }

        @Override
        public void posted(RecvEvent v) {
            recvs.add(v);
            posted++;
            listener.posted(v);
        }

        @Override
        public void received(RecvEvent v) {
            drainRecvs(false);
        }

        @Override
        public void sendCompleted(SendEvent s) {
            drainSends(false);
        }

        /** The rank's trace ended: what is left joins as it is (a request never completed was not cancelled). */
        void end() {
            drainSends(true);
            drainRecvs(true);
            if (router != null) {
                router.ended(rank);
            }
        }

        /** Every receive of the rank posted before the one of this order has joined its channel (or taken none). */
        boolean joinedBefore(int order) {
            return recvs.isEmpty() ? order <= posted : recvs.get(0).order >= order;
        }

        /** Receives posted so far: every receive posted from now on has this order or a higher one. */
        int posted() {
            return posted;
        }

        /** Whether a send to {@code dest} on {@code comm} posted before event {@code index} has not joined yet. */
        boolean holdsSendTo(int dest, long comm, int index) {
            // by index: an iterator here was 2 % of the bytes the analysis allocates (the race judgement asks per sender)
            for (int k = 0; k < sends.size(); k++) {
                SendEvent s = sends.get(k);
                if (s.index < index && s.dest == dest && s.comm == comm) {
                    return true;
                }
            }
            return false;
        }

        /**
         * Joins every send that can no longer be cancelled and has no earlier send of its
         * route still open before it (an earlier one of another route does not hold it back).
         */
        private void drainSends(boolean end) {
            for (int i = 0; i < sends.size(); i++) {
                SendEvent s = sends.get(i);
                if (end || s.request == 0 || s.completed) {
                    boolean held = false;
                    for (int j = 0; j < i && !held; j++) {
                        SendEvent u = sends.get(j);
                        held = u.dest == s.dest && u.comm == s.comm && u.tag == s.tag;
                    }
                    if (!held) {
                        sends.remove(i--);
                        joinSend(s);
                    }
                }
            }
        }

        /**
         * Joins every completed receive that no earlier receive still open could have taken
         * its message from (one of the same communicator whose source and tag, wildcards
         * included, accept the message's): MPI gives a message to the earliest such receive.
         */
        private void drainRecvs(boolean end) {
            for (int i = 0; i < recvs.size(); i++) {
                RecvEvent v = recvs.get(i);
                if (end || v.completion >= 0) {
                    boolean held = false;
                    int source = v.effectiveSource();
                    int tag = v.effectiveTag();
                    for (int j = 0; j < i && !held; j++) {
                        RecvEvent u = recvs.get(j);
                        held = u.comm == v.comm && (u.effectiveSource() == source || u.effectiveSource() == TraceRecorder.ANY
                                || source == TraceRecorder.ANY)
                                && (u.effectiveTag() == tag || u.effectiveTag() == TraceRecorder.ANY
                                || tag == TraceRecorder.ANY);
                    }
                    if (!held) {
                        recvs.remove(i--);
                        joinRecv(v);
                    }
                }
            }
        }
    }

    private final int worldSize;
    private final Listener listener;
    /** Null when this process pairs every rank's messages. */
    private final Router router;
    private final Map<Route, ArrayDeque<SendEvent>> freeSends = new HashMap<>();
    private final Map<Route, ArrayDeque<RecvEvent>> waitingRecvs = new HashMap<>();
    /** The key every lookup goes through (the replay runs on one thread); never put in a map. */
    private final Route probe = new Route();

    StreamingMatch(int worldSize, Listener listener) {
        this(worldSize, listener, null);
    }

    StreamingMatch(int worldSize, Listener listener, Router router) {
        this.worldSize = worldSize;
        this.listener = listener;
        this.router = router;
    }

    /** The posting order of {@code rank}'s messages, to be told its events by a {@link MessageCollector}. */
    Posting posting(int rank) {
        return new Posting(rank);
    }

    /**
     * The rank's next event, written into {@code into}: false at its end or where its trace cannot be
     * read on (said in the notes).
     */
    static boolean readInto(TraceStream stream, EventBuffer into, int rank, int index, List<String> notes) {
        try {
            return stream.nextInto(into);
        } catch (TraceFormatException ex) {
            notes.add(TraceSetNotes.name(rank) + " cannot be read past event " + index + " (" + ex.getMessage()
                    + "): its events after it are not analysed");
            return false;
        }
    }

    private void joinSend(SendEvent s) {
        if (router != null && s.dest >= 0 && s.dest < worldSize && router.remote(s.dest)) {
            router.left(s);
            return;
        }
        joinShipped(s);
    }

    /** A send joins its channel here: one of this process's ranks, or one shipped by the block of its sender. */
    void joinShipped(SendEvent s) {
        if (s.cancelled || s.dest < 0 || s.dest >= worldSize) {
            return; // no receive can take it (a cancelled message, or a destination outside the world)
        }
        listener.joined(s);
        Route route = probe.set(s.rank, s.dest, s.comm, s.tag);
        ArrayDeque<RecvEvent> waiting = waitingRecvs.get(route);
        if (waiting != null && !waiting.isEmpty()) {
            pair(s, waiting.poll());
        } else {
            queue(freeSends, route).add(s);
        }
    }

    private void joinRecv(RecvEvent v) {
        int source = v.effectiveSource();
        int tag = v.effectiveTag();
        v.joined = true;
        if (v.cancelled || source == TraceRecorder.ANY || tag == TraceRecorder.ANY) {
            if (!v.cancelled) {
                listener.open(v);
            }
            return;
        }
        Route route = probe.set(source, v.rank, v.comm, tag);
        ArrayDeque<SendEvent> free = freeSends.get(route);
        if (free != null && !free.isEmpty()) {
            pair(free.poll(), v);
        } else {
            queue(waitingRecvs, route).add(v);
        }
    }

    private void pair(SendEvent s, RecvEvent v) {
        s.matchedBy = v;
        v.matched = s;
        listener.paired(s, v);
    }

    private static <T> ArrayDeque<T> queue(Map<Route, ArrayDeque<T>> queues, Route route) {
        ArrayDeque<T> q = queues.get(route);
        if (q == null) {
            q = new ArrayDeque<>();
            queues.put(route.copy(), q);
        }
        return q;
    }

    void finish() {
        for (ArrayDeque<RecvEvent> waiting : waitingRecvs.values()) {
            for (RecvEvent v : waiting) {
                listener.open(v);
            }
        }
        for (ArrayDeque<SendEvent> free : freeSends.values()) {
            for (SendEvent s : free) {
                listener.unmatched(s);
            }
        }
    }
}
