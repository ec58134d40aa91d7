package org.mpiguard.analyzer;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.trace.TraceStream;

/**
 * One analysing process of {@code mpiguard analyze --np N}: replays one block of ranks
 * ({@link BlockServer}) for the coordinator ({@link SpreadJob}), which started it, over a
 * loopback socket that it opens with the job's secret (from the environment, never the
 * command line). Reads only its own ranks' traces (and every rank's header). Ends when the
 * coordinator has its results, or at once, with one line, when anything fails.
 *
 * <p>{@code SpreadWorker DIR BLOCK BLOCKS PORT FIRST_RANK END_RANK}
 */
public final class SpreadWorker {

    /** The environment variable that carries the job's secret. */
    static final String SECRET = "MPIGUARD_SPREAD_SECRET";

    private SpreadWorker() {
    }

    public static void main(String[] args) {
        int block = -1;
        try {
            Path dir = Path.of(args[0]);
            block = Integer.parseInt(args[1]);
            int blocks = Integer.parseInt(args[2]);
            int port = Integer.parseInt(args[3]);
            int lo = Integer.parseInt(args[4]);
            int hi = Integer.parseInt(args[5]);
            String secret = System.getenv(SECRET);
            if (secret == null) {
                throw new IllegalStateException(SECRET + " is not set");
            }
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
                socket.setTcpNoDelay(true);
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
                DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
                out.writeUTF(secret);
                out.writeInt(block);
                out.flush();
                serve(dir, block, blocks, lo, hi, in, out);
            }
            System.exit(0);
        } catch (IOException | RuntimeException e) {
            System.err.println("[MPIGuard] analysing process " + block + " failed: " + e);
            System.exit(1);
        }
    }

    private static void serve(Path dir, int block, int blocks, int lo, int hi, DataInputStream in,
                              DataOutputStream out) throws IOException {
        List<TraceStream> streams = new ArrayList<>();
        // the headers of every rank, the streams of this block's
        TraceSet traces = StreamingAnalysis.openTraces(dir, new ArrayList<>(), streams, lo, hi);
        int[] bounds = SpreadReplay.bounds(traces.worldSize(), blocks);
        if (bounds.length - 1 != blocks || bounds[block] != lo || bounds[block + 1] != hi) {
            throw new IllegalStateException("the traces in " + dir + " changed since the analysis began");
        }
        int[] forced = new int[1];
        ReplayBlock replay = new ReplayBlock(traces, bounds[block], bounds[block + 1], blocks, streams, null,
                new ShipmentWriter(block, SpreadReplay.owners(bounds), bounds), new ArrayList<>(), new ArrayList<>(),
                forced);
        BlockServer server = new BlockServer(replay, block, traces, dir, forced);
        while (true) {
            byte[] request = SpreadJob.read(in);
            SpreadJob.write(out, server.handle(request));
            if (request[0] == BlockServer.END) {
                break;
            }
        }
        // what this process cost, for the coordinator to report
        out.writeLong(ProcessCost.cpuNanos());
        out.writeLong(ProcessCost.compilerCpuNanos());
        out.writeLong(ProcessCost.peakRssKilobytes());
        out.flush();
    }
}
