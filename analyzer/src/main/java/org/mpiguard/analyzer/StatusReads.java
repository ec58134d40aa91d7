package org.mpiguard.analyzer;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.mpiguard.core.trace.EventKind;
import org.mpiguard.core.trace.TraceEvent;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Which completions and probes of one rank had the source or the tag of their Status read
 * by the program (STATUS_READ events): a later call of the rank may depend on what they
 * matched. A read belongs to the latest receive completion or found probe of its thread
 * whose Status has the read's source and tag; failing that (a communicator other than
 * COMM_WORLD, whose Status gives a local rank where the trace keeps a world rank), to the
 * latest with its tag. Only the last {@value #HORIZON} of each thread are looked at.
 */
public final class StatusReads {

    static final int HORIZON = 256;

    private final BitSet source = new BitSet();
    private final BitSet tag = new BitSet();

    private StatusReads() {
    }

    /** The reads of {@code trace}; none when it is null (a rank without a trace). */
    public static StatusReads of(TraceFile trace) {
        return trace == null ? new StatusReads() : ofEvents(trace.events());
    }

    /** A status event seen recently, by its index in the rank. */
    private record Recent(int index, TraceEvent event) {
    }

    /** The reads of a rank whose events these are, in order, read once. */
    static StatusReads ofEvents(Iterable<TraceEvent> events) {
        StatusReads reads = new StatusReads();
        Map<Long, Deque<Recent>> recent = new HashMap<>();
        int i = 0;
        for (TraceEvent e : events) {
            if (isStatus(e)) {
                Deque<Recent> q = recent.get(e.thread());
                if (q == null) {
                    q = new ArrayDeque<>();
                    recent.put(e.thread(), q);
                }
                q.addFirst(new Recent(i, e));
                if (q.size() > HORIZON) {
                    q.removeLast();
                }
            } else if (e.kind() == EventKind.STATUS_READ) {
                int at = owner(recent.get(e.thread()), e.intField(1), e.intField(2));
                if (at >= 0) {
                    (e.intField(0) == TraceRecorder.STATUS_TAG ? reads.tag : reads.source).set(at);
                }
            }
            i++;
        }
        return reads;
    }

    /** A receive's completion (a send's has source -1) or a probe that found a message. */
    private static boolean isStatus(TraceEvent e) {
        return e.kind() == EventKind.COMPLETE && e.intField(2) >= 0 || e.kind() == EventKind.PROBE && e.field(4) != 0;
    }

    private static int owner(Deque<Recent> recent, int source, int tag) {
        if (recent == null) {
            return -1;
        }
        int sameTag = -1;
        for (Recent r : recent) {
            TraceEvent c = r.event();
            int s = c.kind() == EventKind.COMPLETE ? c.intField(2) : c.intField(5);
            int t = c.kind() == EventKind.COMPLETE ? c.intField(3) : c.intField(6);
            if (t == tag && s == source) {
                return r.index();
            }
            if (t == tag && sameTag < 0) {
                sameTag = r.index();
            }
        }
        return sameTag;
    }

    /** Whether the program read the source of the Status of event {@code index} (a COMPLETE or PROBE). */
    public boolean sourceRead(int index) {
        return source.get(index);
    }

    /** Whether the program read the tag of the Status of event {@code index}. */
    public boolean tagRead(int index) {
        return tag.get(index);
    }

    /** Whether the program read anything of that Status. */
    public boolean read(int index) {
        return sourceRead(index) || tagRead(index);
    }
}
