package org.mpiguard.adapter.trace;

import org.mpiguard.adapter.DirectExchange;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Predicate;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.analyzer.OnlineOwner;
import org.mpiguard.analyzer.FinalizeSpread;
import org.mpiguard.analyzer.RunAnalysis;
import org.mpiguard.core.Guard;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.trace.ShippedHeader;
import org.mpiguard.core.trace.TraceFormat;
import org.mpiguard.core.trace.TraceFormatException;
import org.mpiguard.core.trace.TraceRecorder;
import org.mpiguard.core.trace.TraceStream;
import org.mpiguard.core.trace.TraceWriter;

/**
 * This rank's trace from Init to Finalize: the file is made when the world rank and size
 * are known, the pending access runs and the counts are flushed before any abort the
 * checker makes and from a shutdown hook (mpirun's kill; a rank killed outright leaves
 * every event it recorded in the file's pages), and the file is closed at Finalize. Then, when every
 * rank's trace is complete, rank 0 analyses them (after MPI.Finalize: the analysis needs
 * no MPI, and the other ranks are not kept waiting in Finalize for it).
 *
 * <p>The hot path reads one volatile field: {@link #recorder()} is null when not recording.
 */
public final class TraceSession {

    private static volatile TraceRecorder recorder;
    private static volatile TraceWriter writer;
    /** The session's private communicator: the end-of-run agreement never meets the program's messages. */
    private static Intracomm privateComm;
    private static Path dir;
    private static int rank = -1;
    private static boolean analyse;

    private TraceSession() {
    }

    /** The recorder, or null when this rank does not record. */
    public static TraceRecorder recorder() {
        return recorder;
    }

    /** After Init: every rank has the same options, so every rank makes the private communicator. */
    public static void start(Options options, int worldRank, int worldSize) {
        Path d = options.traceDir();
        if (d == null) {
            return;
        }
        try {
            privateComm = MPI.COMM_WORLD.dup();
        } catch (MPIException | RuntimeException e) {
            Guard.fault("making the trace's private communicator", e);
        }
        // the same on every rank, whether or not its trace can be written: Finalize's agreement depends on it
        dir = d;
        rank = worldRank;
        analyse = options.traceAnalysis();
        try {
            TraceWriter w = TraceWriter.start(d, worldRank, worldSize, options.traceMaxBytes(), System.err);
            Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() { // not a method reference: nothing linked at Init
                @Override
                public void run() {
                    flush();
                }
            }, "mpiguard-trace-flush"));
            RequestShadows.numberForTrace();
            writer = w;
            recorder = w.recorder();
        } catch (IOException | RuntimeException e) {
            System.err.println("[MPIGuard] rank " + worldRank + " cannot write its trace in " + d + " (" + e
                    + "); it runs untraced");
        }
    }

    /** Everything recorded so far is in the file: before an abort, and from the shutdown hook. */
    public static void flush() {
        TraceWriter w = writer;
        if (w != null) {
            try {
                w.flush();
            } catch (RuntimeException e) {
                // the abort goes on
            }
        }
    }

    /**
     * MPI.Finalize, before the real one: the last event, the file closed, and every rank
     * told whether all traces are whole (which is also the barrier that lets rank 0 read
     * them) and whether rank 0 sees them all (or has been sent those it did not). Returns
     * whether rank 0 should analyse them after MPI.Finalize.
     */
    public static boolean finish(int site) {
        TraceWriter w = writer;
        TraceRecorder r = recorder;
        boolean whole = false;
        if (w != null && r != null) {
            r.finalizeCalled(site);
            recorder = null;
            w.close();
            whole = r.dropped() == 0;
        }
        // a rank that could not write its trace still takes part, or the others would wait here for it
        Intracomm comm = privateComm;
        privateComm = null;
        if (comm == null) {
            return false;
        }
        boolean seen;
        try {
            whole = DirectExchange.allMin(comm, whole ? 1 : 0) == 1;
            // a directory on each node's own disk: rank 0 takes the traces it does not see, or each rank reads its own
            TraceGathering.Where where = whole && analyse ? TraceGathering.place(comm, dir, rank,
                    Guard.options().traceAnalysisMaxEvents(), System.err) : TraceGathering.Where.NOWHERE;
            seen = where == TraceGathering.Where.AT_RANK_ZERO;
            if (where == TraceGathering.Where.ON_EACH_NODE) {
                spreadOverOwnDisks(comm);
                seen = false;
            } else if (seen && spreadAtFinalize(comm)) {
                seen = false;
            }
            comm.free();
        } catch (MPIException | RuntimeException e) {
            Guard.fault("agreeing on the traces at Finalize", e);
            return false;
        }
        if (!whole && rank == 0 && analyse) {
            System.err.println("[MPIGuard] a rank's trace misses events: run mpiguard analyze " + dir
                    + " to see what can still be concluded");
        }
        return rank == 0 && seen;
    }

    /**
     * Whether the traces are too large for rank 0 alone but not for every rank's share
     * ({@link RunAnalysis#spreadAtFinalizeBecause}, which rank 0 says to the others), and if
     * so the analysis spread over every rank, here,
     * before the real Finalize (the ranks talk on the private communicator): rank 0
     * coordinates and reports, each rank replays its own trace.
     */
    private static boolean spreadAtFinalize(Intracomm comm) throws MPIException {
        String tooLarge = rank == 0
                ? RunAnalysis.spreadAtFinalizeBecause(dir, Guard.options().traceAnalysisMaxEvents(), comm.getSize())
                : null;
        if (DirectExchange.allMin(comm, rank != 0 || tooLarge != null ? 1 : 0) == 0) {
            return false;
        }
        spread(comm, tooLarge, null);
        return true;
    }

    /**
     * Traces on each node's own disk, too many events for a copy to rank 0: the spread as
     * {@link #spreadAtFinalize} runs it, each rank reading its own trace and taking every other
     * rank's header and definitions ({@link ShippedHeader}, a few kilobytes a rank) from an
     * allGather.
     */
    private static void spreadOverOwnDisks(Intracomm comm) throws MPIException {
        byte[][] headers = DirectExchange.allGatherVariable(comm, ownShippedHeader());
        spread(comm, "the traces are on each node's own disk and hold more than trace-analysis-max="
                + Guard.options().traceAnalysisMaxEvents() + " events for a copy to rank 0", headers);
    }

    /**
     * The spread itself: rank 0 coordinates and reports ({@code tooLarge} says why it does not
     * analyse alone), the others serve their block; {@code headers} are every rank's shipped
     * header, or null when each rank reads them from the shared directory.
     */
    private static void spread(Intracomm comm, String tooLarge, byte[][] headers) throws MPIException {
        SpreadChannel channel = new SpreadChannel(comm);
        if (rank == 0) {
            RunAnalysis.spreadAtFinalize(dir, comm.getSize(), channel, System.err, ownedOnline(), tooLarge, headers);
        } else {
            FinalizeSpread.serve(dir, rank, comm.getSize(), channel, headers);
        }
    }

    /** This rank's trace's header to send the others, empty when it cannot be read (its rank is then left out). */
    private static byte[] ownShippedHeader() {
        try (TraceStream own = TraceStream.open(dir.resolve(TraceFormat.fileName(rank)))) {
            return ShippedHeader.write(own.header());
        } catch (TraceFormatException | RuntimeException e) {
            return new byte[0];
        }
    }

    private static Predicate<Finding> ownedOnline() {
        return OnlineOwner.of(Guard.options().enabled(CheckFamily.LIFECYCLE), Guard.options().enabled(CheckFamily.ERRORS));
    }

    /** Rank 0, after MPI.Finalize: the analyses of the whole run, printed and written beside the traces. */
    public static void analyseRun() {
        try {
            RunAnalysis.atEndOfRun(dir, System.err, ownedOnline(), Guard.options().traceAnalysisMaxEvents());
        } catch (RuntimeException | LinkageError e) {
            Guard.fault("analysing the traces at the end of the run", e);
        }
    }
}
