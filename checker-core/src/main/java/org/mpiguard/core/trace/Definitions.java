package org.mpiguard.core.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.mpiguard.core.codec.VarInput;
import org.mpiguard.core.codec.VarOutput;
import org.mpiguard.core.site.CallSite;

/**
 * The definition records (SITE_DEF, SIG_DEF, RANKS_DEF) both ways: written into the event
 * stream of version 1 and into the definitions chunks of versions 2 and 3, and read back into the tables
 * a {@link TraceFile} resolves ids with.
 */
final class Definitions {

    final Map<Integer, CallSite> sites = new HashMap<>();
    final Map<Integer, Signature> signatures = new HashMap<>();
    final Map<Integer, int[]> rankSets = new HashMap<>();

    static void writeSite(VarOutput out, int id, CallSite s) {
        out.write(TraceFormat.SITE_DEF);
        out.varint(id);
        out.string(s.op());
        out.string(s.className());
        out.string(s.method());
        out.string(s.file() == null ? "" : s.file());
        out.signed(s.line());
    }

    /** A {@link Signature} or a {@link TraceRecorder.RankSet}. */
    static void write(VarOutput out, Object d) {
        if (d instanceof Signature s) {
            out.write(TraceFormat.SIG_DEF);
            out.varint(s.id());
            out.varlong(s.size());
            out.signedLong(s.extent());
            out.varint(s.codes().length);
            for (int i = 0; i < s.codes().length; i++) {
                out.varint(s.codes()[i]);
                out.varlong(s.reps()[i]);
            }
        } else if (d instanceof TraceRecorder.RankSet r) {
            out.write(TraceFormat.RANKS_DEF);
            out.varint(r.id());
            out.varint(r.ranks().length);
            for (int rank : r.ranks()) {
                out.varint(rank);
            }
        }
    }

    /**
     * Reads the body of a definition record whose tag was just read.
     *
     * @return false when {@code tag} is not a definition's (nothing read)
     */
    boolean read(int tag, VarInput in, Path path, int at) throws IOException, TraceFormatException {
        switch (tag) {
            case TraceFormat.SITE_DEF -> {
                int id = in.varint();
                // interned: every rank of a job names the same few hundred places, and an analysis
                // holding a thousand ranks' definitions at once held each name a thousand times
                String op = in.string().intern();
                String cls = in.string().intern();
                String method = in.string().intern();
                String file = in.string().intern();
                int line = in.signed();
                sites.put(id, new CallSite(id, op, cls, method, file.isEmpty() ? null : file, line));
            }
            case TraceFormat.SIG_DEF -> {
                int id = in.varint();
                long size = in.varlong();
                long extent = in.signedLong();
                int n = bounded(in.varint(), Math.min(TraceFormat.MAX_RUNS, in.remaining()), path, at,
                        "signature length");
                int[] codes = new int[n];
                long[] reps = new long[n];
                for (int i = 0; i < n; i++) {
                    codes[i] = in.varint();
                    reps[i] = in.varlong();
                }
                signatures.put(id, new Signature(id, size, extent, codes, reps));
            }
            case TraceFormat.RANKS_DEF -> {
                int id = in.varint();
                int n = bounded(in.varint(), Math.min(TraceFormat.MAX_RANKS, in.remaining()), path, at, "rank set");
                int[] ranks = new int[n];
                for (int i = 0; i < n; i++) {
                    ranks[i] = in.varint();
                }
                rankSets.put(id, ranks);
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    static int bounded(int n, int max, Path path, int at, String what) throws TraceFormatException {
        if (n > max) {
            throw new TraceFormatException(path, at, what + " " + n + " is larger than the record can hold");
        }
        return n;
    }
}
