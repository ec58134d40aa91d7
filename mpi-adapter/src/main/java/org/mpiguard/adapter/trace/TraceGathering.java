package org.mpiguard.adapter.trace;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import mpi.Intracomm;
import mpi.MPIException;
import org.mpiguard.adapter.DirectExchange;
import org.mpiguard.analyzer.RunAnalysis;
import org.mpiguard.core.trace.ReceivedTrace;
import org.mpiguard.core.trace.TraceFingerprint;
import org.mpiguard.core.trace.TraceFormat;

/**
 * Traces on the ranks' own disks: a trace directory that is the same path on every node but
 * another file system on each (a node-local scratch directory). At MPI.Finalize, once every
 * trace is whole and closed, rank 0 checks that it sees each rank's trace as that rank wrote
 * it ({@link TraceFingerprint}); the ranks whose trace it does not see send theirs, in pieces
 * over the trace's private communicator, into rank 0's directory, when the traces hold no more
 * events than rank 0 analyses alone ({@code trace-analysis-max}). Past that every rank analyses
 * its own trace at Finalize, as on a shared directory past that bound; past that bound for every
 * rank's share rank 0 says where the traces are and leaves them to {@code mpiguard analyze}. On
 * a shared directory this costs an allGather of 64 bytes a rank, rank 0's read of every header,
 * and one allMin.
 *
 * <p>Every rank returns the same answer, and no rank is left waiting: rank 0 takes every piece a
 * rank sends, to its end mark, whether or not it could write it.
 */
final class TraceGathering {

    private static final int SEEN = 0;
    private static final int COPY = 1;
    private static final int EACH_OWN = 2;
    private static final int TOO_LARGE = 3;
    private static final int RANK_ZERO_UNREADABLE = 4;
    /** The pieces a trace is sent in: the trace's chunks are 64 KiB, its files grow by 4 MiB. */
    private static final int PIECE = 1 << 20;
    private static final byte[] SEND_YOURS = {1};
    private static final byte[] NOTHING = {0};

    private TraceGathering() {
    }

    /** Where the end-of-run analysis reads the traces, the same on every rank. */
    enum Where {
        /** In rank 0's directory: every rank's trace as it wrote it, there or copied there. */
        AT_RANK_ZERO,
        /** Each on its own rank's disk, too many events for a copy: every rank analyses its own ({@code FinalizeSpread}). */
        ON_EACH_NODE,
        /** Nowhere this run can analyse them; rank 0 has said why. */
        NOWHERE
    }

    /**
     * Where the traces are to be analysed: rank 0's directory when it sees every rank's trace,
     * or has been sent those it does not see; each rank's own when they are too many events for
     * a copy but not for every rank's share ({@code trace-analysis-max} each).
     */
    static Where place(Intracomm comm, Path dir, int rank, long maxEvents, PrintStream err) throws MPIException {
        Path own = dir.resolve(TraceFormat.fileName(rank));
        int size = comm.getSize();
        byte[] all = DirectExchange.allGather(comm, TraceFingerprint.of(own));
        List<Integer> unseen = List.of();
        int decision = Integer.MAX_VALUE; // rank 0 decides: the others give the most an allMin can take
        if (rank == 0) {
            unseen = TraceFingerprint.unseen(dir, all, size);
            long events = TraceFingerprint.events(all, size);
            decision = unseen.isEmpty() ? SEEN : unseen.contains(0) ? RANK_ZERO_UNREADABLE
                    : events <= maxEvents ? COPY : RunAnalysis.spreadFits(events, maxEvents, size) ? EACH_OWN : TOO_LARGE;
            if (decision == TOO_LARGE) {
                err.println("[MPIGuard] rank 0 does not find the traces of " + ranks(unseen) + " in " + dir
                        + " (each node's own directory?), and the traces hold " + events + " events, more than"
                        + " trace-analysis-max=" + maxEvents + " for each of the " + size + " ranks: put every"
                        + " node's " + dir + " into one directory and run mpiguard analyze on it");
            } else if (decision == RANK_ZERO_UNREADABLE) {
                err.println("[MPIGuard] rank 0 cannot read its own trace " + own + ": the end-of-run analysis"
                        + " is left out");
            }
        }
        decision = DirectExchange.allMin(comm, decision);
        if (decision == SEEN) {
            return Where.AT_RANK_ZERO;
        }
        if (decision == EACH_OWN) {
            return Where.ON_EACH_NODE;
        }
        if (decision != COPY) {
            return Where.NOWHERE;
        }
        SpreadChannel channel = new SpreadChannel(comm);
        boolean copied = true;
        try {
            if (rank == 0) {
                for (int r = 1; r < size; r++) {
                    channel.send(r, unseen.contains(r) ? SEND_YOURS : NOTHING);
                }
                for (int r : unseen) {
                    copied &= receive(channel, dir, r, TraceFingerprint.length(TraceFingerprint.of(all, r)));
                }
            } else if (Arrays.equals(channel.receive(0), SEND_YOURS)) {
                send(channel, own);
            }
        } catch (IOException e) {
            copied = false; // the channel itself failed: MPI said so, and nothing more can be exchanged on it
        }
        boolean seen = DirectExchange.allMin(comm, rank != 0 || copied ? 1 : 0) == 1;
        if (rank == 0 && !seen) {
            err.println("[MPIGuard] the traces of " + ranks(unseen) + " could not be copied into " + dir
                    + " on rank 0's node: put every node's " + dir + " into one directory and run mpiguard analyze"
                    + " on it");
        }
        return seen ? Where.AT_RANK_ZERO : Where.NOWHERE;
    }

    /** This rank's trace to rank 0 in pieces, then an empty piece; a read that fails ends it early. */
    private static void send(SpreadChannel channel, Path own) throws IOException {
        InputStream in = open(own);
        try {
            byte[] piece = new byte[PIECE];
            int n;
            while (in != null && (n = read(in, piece)) > 0) {
                channel.send(0, n == PIECE ? piece : Arrays.copyOf(piece, n));
            }
        } finally {
            if (in != null) {
                in.close();
            }
        }
        channel.send(0, new byte[0]); // rank 0 sees a copy cut short by its length, and says so
    }

    private static InputStream open(Path file) {
        try {
            return Files.newInputStream(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The next piece's bytes, 0 at the end or when the file cannot be read further. */
    private static int read(InputStream in, byte[] piece) {
        try {
            return in.readNBytes(piece, 0, piece.length);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** Rank {@code r}'s pieces to their end mark; whether its trace is now in {@code dir}, whole. */
    private static boolean receive(SpreadChannel channel, Path dir, int r, long length) throws IOException {
        ReceivedTrace copy = new ReceivedTrace(dir, r, length);
        byte[] piece;
        while ((piece = channel.receive(r)).length > 0) {
            copy.write(piece);
        }
        return copy.finish();
    }

    private static String ranks(List<Integer> ranks) {
        int shown = Math.min(ranks.size(), 8);
        StringBuilder s = new StringBuilder(ranks.size() == 1 ? "rank " : "ranks ");
        for (int i = 0; i < shown; i++) {
            s.append(i == 0 ? "" : ", ").append(ranks.get(i));
        }
        return ranks.size() > shown ? s.append(" and ").append(ranks.size() - shown).append(" more").toString()
                : s.toString();
    }
}
