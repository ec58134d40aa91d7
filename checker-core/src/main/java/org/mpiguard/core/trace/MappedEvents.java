package org.mpiguard.core.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * The store of trace format version 3: the recording thread writes each event as one
 * fixed-size record ({@link RecordLayout}) into its own chunk of the memory-mapped file
 * ({@link TraceChunks}), so an event costs a sequence number (one atomic add), a few
 * plain stores and no thread of ours; an event that repeats its site's round of events (each
 * field moved by its last step) is one 8-byte word ({@link RepeatMemo}), and a loop of such
 * words one run record whose count it raises ({@link RepeatRuns}). The record's first word (sequence and tag) is
 * stored last: a rank killed in the middle of a record leaves it zero, where the reader stops.
 *
 * <p>Definitions go to the file at once ({@link DefinitionChunks}); a call site is
 * defined the first time an event names an id above those already written (site ids are
 * handed out in order, so this writes every site up to it).
 */
final class MappedEvents implements EventStore {

    private static final VarHandle SEQ;
    private static final VarHandle DROPPED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SEQ = lookup.findVarHandle(MappedEvents.class, "seq", long.class);
            DROPPED = lookup.findVarHandle(MappedEvents.class, "dropped", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final TraceChunks chunks;
    private final DefinitionChunks definitions;
    private final TraceEncoder.SiteLookup sites;
    @SuppressWarnings("unused") private volatile long seq;
    @SuppressWarnings("unused") private volatile long dropped;
    /** Sites 1..sitesDefined are in the file (read without the lock: a stale value only takes the lock). */
    private int sitesDefined;
    private boolean failed;
    private boolean stopped;
    private final ThreadLocal<ChunkCursor> cursors = new ThreadLocal<>() {
        @Override
        protected ChunkCursor initialValue() {
            return new ChunkCursor();
        }
    };
    /** The last thread's cursor: a single-threaded program never looks up its thread-local. */
    private ChunkCursor last;

    MappedEvents(TraceChunks chunks, TraceEncoder.SiteLookup sites) {
        this.chunks = chunks;
        this.definitions = new DefinitionChunks(chunks);
        this.sites = sites;
    }

    @Override
    public long[] fields() {
        return cursor().memo.scratch();
    }

    /**
     * The calling thread's cursor: the last thread's kept at hand (a single-threaded program
     * never looks up its thread-local); a reference read is atomic and a cursor's owner final.
     */
    private ChunkCursor cursor() {
        ChunkCursor c = last;
        return c != null && c.owner == Thread.currentThread() ? c : threadCursor();
    }

    /** Out of line, so that {@link #cursor} stays small enough to inline everywhere (JitDirectives). */
    private ChunkCursor threadCursor() {
        ChunkCursor c = cursors.get();
        last = c;
        return c;
    }

    @Override
    public void append(int tag, int site, long[] v) {
        if (site > sitesDefined) {
            defineSites(site);
        }
        ChunkCursor c = cursor();
        int size = RecordLayout.size(tag);
        int p = c.pos;
        if (p + size > c.end) {
            if (stopped || !chunks.claim(c)) {
                stopped = true; // past the cap every thread drops without taking the file's lock
                DROPPED.getAndAdd(this, 1L);
                return;
            }
            p = c.pos;
        }
        long n = (long) SEQ.getAndAdd(this, 1L);
        ByteBuffer b = c.buffer;
        RepeatMemo memo = c.memo;
        long previous = memo.lastSeq();
        int period = memo.record(tag, site, n, v);
        if (period > 0) {
            // one store either way (the word, or a run's count): the record exists once made
            c.pos = p + c.runs.write(RepeatMemo.word(site, tag, period, n - previous), b, p);
            return;
        }
        c.runs.endRun();
        long wide = RecordLayout.wideMask(tag);
        int count = RecordLayout.fields(tag);
        b.putInt(p + 8, site);
        int q = p + RecordLayout.HEADER;
        for (int i = 0; i < count; i++) {
            if ((wide >>> i & 1) != 0) {
                b.putLong(q, v[i]);
                q += 8;
            } else {
                b.putInt(q, (int) v[i]);
                q += 4;
            }
        }
        b.putLong(p, n << 8 | tag); // last: the record exists once this word is stored
        c.pos = p + size;
    }

    private synchronized void defineSites(int upTo) {
        if (failed || upTo <= sitesDefined) {
            return;
        }
        for (int id = sitesDefined + 1; id <= upTo; id++) {
            CallSite s = sites.site(id);
            if (s != CallSites.UNKNOWN) {
                Definitions.writeSite(definitions.buffer(), id, s);
            }
        }
        sitesDefined = upTo;
        send();
    }

    @Override
    public synchronized void definition(Object signatureOrRankSet) {
        if (!failed) {
            Definitions.write(definitions.buffer(), signatureOrRankSet);
            send();
        }
    }

    private void send() {
        if (!definitions.write()) {
            failed = true; // past the cap: the events that would use it are dropped too, or soon are
        }
    }

    @Override
    public long recorded() {
        return (long) SEQ.getVolatile(this) + dropped();
    }

    @Override
    public long dropped() {
        return (long) DROPPED.getVolatile(this);
    }

    /** The counts in the header, for a reader of a trace never closed (the flush before an abort). */
    void counts() {
        chunks.counts((long) SEQ.getVolatile(this), dropped());
    }

    synchronized void close() {
        chunks.close((long) SEQ.getVolatile(this), dropped());
    }
}
