package org.mpiguard.core.trace;

import java.io.IOException;
import java.io.OutputStream;
import java.util.BitSet;
import org.mpiguard.core.codec.VarOutput;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * Turns what the recorder drains into the bytes of docs/trace-format.md: the header, then
 * records (version 1). A call site is defined (class, method, file, line, op) the first time an event
 * names it, so a trace is read without the agent. Buffers in memory until {@link #flush}.
 */
public final class TraceEncoder implements TraceRecorder.Sink {

    private final OutputStream out;
    private final VarOutput buffer = new VarOutput(1 << 16);
    private final BitSet sitesWritten = new BitSet();
    private final SiteLookup sites;
    private long lastSeq = -1;
    private long events;
    private long dropped;

    /** Resolves site ids: the agent's registry in a run, a table in tests. */
    public interface SiteLookup {
        CallSite site(int id);
    }

    public TraceEncoder(OutputStream out, int rank, int worldSize, long startMillis) {
        this(out, rank, worldSize, startMillis, CallSites::get);
    }

    public TraceEncoder(OutputStream out, int rank, int worldSize, long startMillis, SiteLookup sites) {
        this.out = out;
        this.sites = sites;
        buffer.write(TraceFormat.MAGIC);
        buffer.varint(TraceFormat.VERSION_STREAM);
        buffer.varint(rank);
        buffer.varint(worldSize);
        buffer.varlong(startMillis);
    }

    @Override
    public void definition(Object d) {
        Definitions.write(buffer, d);
    }

    @Override
    public void event(EventKind kind, long seq, int site, long thread, long[] slot, int base) {
        if (site > 0 && !sitesWritten.get(site)) {
            defineSite(site);
        }
        buffer.write(kind.tag());
        buffer.varint(kind.fieldCount());
        buffer.varlong(seq - lastSeq - 1);
        lastSeq = seq;
        buffer.varint(Math.max(site, 0));
        buffer.varlong(thread);
        for (int i = 0; i < kind.fieldCount(); i++) {
            buffer.signedLong(slot[base + i]);
        }
        events++;
    }

    private void defineSite(int id) {
        sitesWritten.set(id);
        Definitions.writeSite(buffer, id, sites.site(id));
    }

    @Override
    public void dropped(long count) {
        dropped += count;
        buffer.write(TraceFormat.DROPPED);
        buffer.varlong(count);
    }

    /** The last record of a complete trace: how many events were written and dropped in all. */
    public void end() {
        buffer.write(TraceFormat.END);
        buffer.varlong(events);
        buffer.varlong(dropped);
    }

    public void flush() throws IOException {
        if (buffer.size() > 0) {
            out.write(buffer.buffer(), 0, buffer.size());
            buffer.reset();
        }
        out.flush();
    }

    /** Bytes waiting for {@link #flush}. */
    public int buffered() {
        return buffer.size();
    }
}
