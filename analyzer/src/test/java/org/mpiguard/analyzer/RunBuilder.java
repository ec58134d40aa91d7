package org.mpiguard.analyzer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.core.collective.CollectiveKind;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;
import org.mpiguard.core.trace.CompletionOp;
import org.mpiguard.core.trace.AccumulateOp;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.PointOp;
import org.mpiguard.core.trace.ProbeOp;
import org.mpiguard.core.trace.RequestOp;
import org.mpiguard.core.trace.RmaOp;
import org.mpiguard.core.trace.RmaSyncOp;
import org.mpiguard.core.trace.TraceEncoder;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * Hand-built traces of a run, recorded through the real recorder and encoder: each rank
 * calls what the agent's trampolines will call. A call's site is its line in a file named
 * after the test ({@code Prog.java}), so findings can be checked by file:line.
 */
final class RunBuilder {

    static final long WORLD = 1;
    static final String FILE = "Prog.java";

    private final Path dir;
    private final int size;
    private final List<Rank> ranks = new ArrayList<>();
    private final Map<Integer, CallSite> sites = new HashMap<>();
    private final Map<String, Integer> siteIds = new HashMap<>();

    RunBuilder(Path dir, int size) {
        this.dir = dir;
        this.size = size;
        for (int r = 0; r < size; r++) {
            ranks.add(new Rank(r));
        }
    }

    /**
     * Four ranks whose traces hold a type mismatch (rank 3 receives rank 2's ints as
     * another type), an any-source race (ranks 1 and 2 to rank 0), a message never
     * received (rank 3 to rank 1) and a ready send not known to be ready (rank 2 to rank 1):
     * one of each cross-process finding, for the spread tests.
     */
    static Path mismatchRaceAndLostMessage(Path dir) throws IOException {
        int any = org.mpiguard.core.trace.TraceRecorder.ANY;
        RunBuilder run = new RunBuilder(dir, 4);
        run.rank(1).send(11, 0, 0, 5, 1).recv(18, 2, 5, 5, 1);
        run.rank(2).send(12, 0, 0, 5, 1).send(14, 3, 4, 5, 2).rsend(17, 1, 5, 5, 1);
        run.rank(3).recv(15, 2, 4, 7, 2).send(16, 1, 9, 5, 1);
        run.rank(0).recv(20, any, 0, 5, 1, 1, 0).recv(20, any, 0, 5, 1, 2, 0);
        // then a put into a fence epoch rank 1 asserted MPI.MODE_NOPUT for, and two exclusive locks of rank 1's
        // window, one asserting MPI.MODE_NOCHECK, that nothing orders
        int noPut = org.mpiguard.core.trace.RmaSyncOp.MODE_NOPUT;
        int excl = org.mpiguard.core.trace.RmaSyncOp.LOCK_EXCLUSIVE;
        for (int r = 0; r < 4; r++) {
            run.rank(r).winCreate(30, 9, 16, 4).fence(31, 9, noPut);
        }
        run.rank(3).put(32, 9, 1, 0, 1, 5, 7);
        for (int r = 0; r < 4; r++) {
            run.rank(r).fence(33, 9);
        }
        run.rank(0).lock(34, 9, excl, 1, org.mpiguard.core.trace.RmaSyncOp.MODE_NOCHECK).unlock(35, 9, 1);
        run.rank(2).lock(36, 9, excl, 1).unlock(37, 9, 1);
        for (int r = 0; r < 4; r++) {
            run.rank(r).winFree(38, 9);
        }
        return run.write(true);
    }

    Rank rank(int r) {
        return ranks.get(r);
    }

    int site(String op, int line) {
        return siteIds.computeIfAbsent(op + "@" + line, k -> {
            int id = sites.size() + 1;
            sites.put(id, new CallSite(id, op, "demo.Prog", "main", FILE, line));
            return id;
        });
    }

    /** Writes every rank's trace; {@code finalize} records Finalize and the end record. */
    Path write(boolean finalize) throws IOException {
        for (Rank rank : ranks) {
            rank.write(finalize);
        }
        return dir;
    }

    final class Rank {
        final int rank;
        final TraceRecorder rec = new TraceRecorder(1 << 16);
        private final Map<Long, Long> rings = new HashMap<>();
        private long nextRequest = 1;

        Rank(int rank) {
            this.rank = rank;
        }

        Rank send(int line, int dest, int tag, int sig, int count) {
            rec.send(site("Comm.send", line), PointOp.SEND, WORLD, dest, tag, sig, count, 0);
            return this;
        }

        /** {@code calls} recorded from another thread of this rank (started and joined here). */
        Rank onAnotherThread(java.util.function.Consumer<Rank> calls) throws InterruptedException {
            Thread t = new Thread(() -> calls.accept(this));
            t.start();
            t.join();
            return this;
        }

        /** A ready send ({@code Comm.rSend}). */
        Rank rsend(int line, int dest, int tag, int sig, int count) {
            rec.send(site("Comm.rSend", line), PointOp.RSEND, WORLD, dest, tag, sig, count, 0);
            return this;
        }

        long irsend(int line, int dest, int tag, int sig, int count) {
            long req = nextRequest++;
            rec.send(site("Comm.irSend", line), PointOp.IRSEND, WORLD, dest, tag, sig, count, req);
            return req;
        }

        /** A persistent send made by {@code Comm.<method>} ({@code sendInit}, {@code rSendInit}...), as the agent records it. */
        long sendInit(int line, String method) {
            long req = nextRequest++;
            rec.request(site("Comm." + method, line), RequestOp.CREATE_PERSISTENT, req);
            return req;
        }

        /** {@code Prequest.start} of the persistent send {@code request}: the start, then the message it sends. */
        Rank start(int line, long request, int dest, int tag, int sig, int count) {
            int site = site("Prequest.start", line);
            rec.request(site, RequestOp.START, request);
            rec.send(site, PointOp.START, WORLD, dest, tag, sig, count, request);
            return this;
        }

        long isend(int line, int dest, int tag, int sig, int count) {
            long req = nextRequest++;
            rec.send(site("Comm.iSend", line), PointOp.ISEND, WORLD, dest, tag, sig, count, req);
            return req;
        }

        /** A blocking receive that took the message of {@code from} with tag {@code gotTag}. */
        Rank recv(int line, int source, int tag, int sig, int count, int from, int gotTag) {
            int site = site("Comm.recv", line);
            rec.recv(site, PointOp.RECV, WORLD, source, tag, sig, count, 0);
            rec.complete(site, CompletionOp.BLOCKING, 0, from, gotTag, count, 0);
            return this;
        }

        Rank recv(int line, int source, int tag, int sig, int count) {
            return recv(line, source, tag, sig, count, source, tag);
        }

        /**
         * {@code Message.mProbe(source, tag)} at {@code probeLine} that found the message of
         * {@code from} with tag {@code gotTag}, then {@code mRecv} of that message at
         * {@code recvLine}, as the agent records them (the receive names the source and tag
         * the probe matched). Read the probe's Status with {@link #readSource} in between.
         */
        Rank mProbe(int probeLine, int source, int tag, int count, int from, int gotTag) {
            rec.probe(site("Message.mProbe", probeLine), ProbeOp.MPROBE, WORLD, source, tag, true, from, gotTag, count);
            return this;
        }

        /** The {@code mRecv} of the message the last {@link #mProbe} found. */
        Rank mRecv(int line, int sig, int count, int from, int gotTag) {
            int site = site("Message.mRecv", line);
            rec.recv(site, PointOp.MRECV, WORLD, from, gotTag, sig, count, 0);
            rec.complete(site, CompletionOp.BLOCKING, 0, from, gotTag, count, 0);
            return this;
        }

        /** The program asks the Status of source {@code source} and tag {@code tag} for its source. */
        Rank readSource(int line, int source, int tag) {
            rec.statusRead(site("Status.getSource", line), TraceRecorder.STATUS_SOURCE, source, tag);
            return this;
        }

        long irecv(int line, int source, int tag, int sig, int count) {
            long req = nextRequest++;
            rec.recv(site("Comm.iRecv", line), PointOp.IRECV, WORLD, source, tag, sig, count, req);
            return req;
        }

        Rank waitFor(int line, long request, int source, int tag, int count) {
            rec.complete(site("Request.waitFor", line), CompletionOp.WAIT, request, source, tag, count, 0);
            return this;
        }

        /** A {@code Request.test} that found {@code request} complete (the failed tests before it leave no event). */
        Rank testFound(int line, long request, int source, int tag, int count) {
            rec.complete(site("Request.test", line), CompletionOp.TEST, request, source, tag, count, 0);
            return this;
        }

        /** An {@code iProbe} that found nothing. */
        Rank iProbeEmpty(int line, int source, int tag) {
            rec.probe(site("Comm.iProbe", line), ProbeOp.IPROBE, WORLD, source, tag, false, -1, -1, 0);
            return this;
        }

        Rank collective(int line, CollectiveKind kind, int root, int sendSig, int sendCount, int recvSig,
                        int recvCount) {
            long ring = rings.merge(WORLD, 1L, Long::sum);
            rec.collective(site("Intracomm." + kind.label(), line), kind, false, WORLD, ring, root, 0, sendSig,
                    sendCount, recvSig, recvCount, 0);
            return this;
        }

        Rank barrier(int line) {
            return collective(line, CollectiveKind.BARRIER, -1, 0, 0, 0, 0);
        }

        /** A window of {@code bytes} with displacement unit {@code dispUnit} on every member. */
        Rank winCreate(int line, long win, long bytes, int dispUnit) {
            rec.handle(site("Win.<init>", line), HandleKind.CREATE, HandleKind.WIN, win, win, 0, bytes, dispUnit);
            return this;
        }

        Rank winFree(int line, long win) {
            rec.handle(site("Win.free", line), HandleKind.FREE, HandleKind.WIN, win, win, 0, 0, 0);
            return this;
        }

        Rank rma(int line, RmaOp op, long win, int target, long disp, int count, int sig, int reduceOp, long request,
                 long valueHash) {
            return rma(line, op, win, target, disp, count, sig, reduceOp, request, valueHash,
                    reduceOp == 0 ? AccumulateOp.NOT_RECORDED : AccumulateOp.COMBINE);
        }

        Rank rma(int line, RmaOp op, long win, int target, long disp, int count, int sig, int reduceOp, long request,
                 long valueHash, AccumulateOp opKind) {
            String name = op.name().toLowerCase().replace("_", "");
            rec.rma(site("Win." + name, line), op, win, target, disp, count, sig, count, sig, reduceOp, request,
                    valueHash, opKind);
            return this;
        }

        Rank put(int line, long win, int target, long disp, int count, int sig, long valueHash) {
            return rma(line, RmaOp.PUT, win, target, disp, count, sig, 0, 0, valueHash);
        }

        Rank get(int line, long win, int target, long disp, int count, int sig) {
            return rma(line, RmaOp.GET, win, target, disp, count, sig, 0, 0, 0);
        }

        Rank accumulate(int line, long win, int target, long disp, int count, int sig, int reduceOp) {
            return rma(line, RmaOp.ACCUMULATE, win, target, disp, count, sig, reduceOp, 0, 0);
        }

        Rank winSync(int line, RmaSyncOp op, long win, int target, int lockType, int rankSet) {
            return winSync(line, op, win, target, lockType, 0, rankSet);
        }

        /** A synchronisation asserting {@code assertion} (MPI.MODE_* bits, as {@link RmaSyncOp} has them). */
        Rank winSync(int line, RmaSyncOp op, long win, int target, int lockType, int assertion, int rankSet) {
            String name = switch (op) {
                case WAIT -> "waitFor";
                case LOCK_ALL -> "lockAll";
                case UNLOCK_ALL -> "unlockAll";
                case FLUSH_ALL -> "flushAll";
                case FLUSH_LOCAL -> "flushLocal";
                case FLUSH_LOCAL_ALL -> "flushLocalAll";
                default -> op.name().toLowerCase();
            };
            rec.rmaSync(site("Win." + name, line), op, win, target, lockType, assertion, rankSet);
            return this;
        }

        Rank fence(int line, long win) {
            return winSync(line, RmaSyncOp.FENCE, win, -1, 0, 0);
        }

        Rank lock(int line, long win, int lockType, int target) {
            return winSync(line, RmaSyncOp.LOCK, win, target, lockType, 0);
        }

        Rank fence(int line, long win, int assertion) {
            return winSync(line, RmaSyncOp.FENCE, win, -1, 0, assertion, 0);
        }

        Rank lock(int line, long win, int lockType, int target, int assertion) {
            return winSync(line, RmaSyncOp.LOCK, win, target, lockType, assertion, 0);
        }

        Rank unlock(int line, long win, int target) {
            return winSync(line, RmaSyncOp.UNLOCK, win, target, 0, 0);
        }

        Rank pscw(int line, RmaSyncOp op, long win, int... group) {
            return winSync(line, op, win, -1, 0, group.length == 0 ? 0 : rec.defineRanks(group));
        }

        /** A post or start asserting {@code assertion} (MPI.MODE_* bits). */
        Rank pscwAsserting(int line, RmaSyncOp op, long win, int assertion, int... group) {
            return winSync(line, op, win, -1, 0, assertion, group.length == 0 ? 0 : rec.defineRanks(group));
        }

        /** The program's own load or store of {@code bytes} at byte {@code offset} of its window. */
        Rank access(int line, long win, long offset, int bytes, boolean store, long valueHash) {
            rec.access(site(store ? "store" : "load", line), win, offset, bytes, store, valueHash);
            return this;
        }

        int site(String op, int line) {
            return RunBuilder.this.site(op, line);
        }

        long newRequest() {
            return nextRequest++;
        }

        void write(boolean finalize) throws IOException {
            if (finalize) {
                rec.finalizeCalled(site("MPI.Finalize", 999));
            }
            Files.createDirectories(dir);
            try (OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(dir.resolve(TraceFormat.fileName(rank))))) {
                TraceEncoder encoder = new TraceEncoder(out, rank, size, 0,
                        id -> sites.getOrDefault(id, CallSites.UNKNOWN));
                rec.drain(encoder, 0);
                if (finalize) {
                    encoder.end();
                }
                encoder.flush();
            }
        }
    }
}
