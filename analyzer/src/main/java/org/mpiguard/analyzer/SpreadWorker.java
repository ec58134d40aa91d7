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
import java.util.Map;
import org.mpiguard.core.trace.TraceStream;

/**
 * One analysing process of {@code mpiguard analyze --np N}: replays one block of ranks
 * ({@link BlockServer}) for the coordinator ({@link SpreadJob}), which started it (or had a
 * launcher start it), over a socket that it opens with the job's secret (from the environment,
 * never the command line). Reads only its own ranks' traces (and every rank's header). Ends
 * when the coordinator has its results, or at once, with one line, when anything fails.
 *
 * <p>{@code SpreadWorker DIR BLOCK BLOCKS HOST PORT BOUNDS}: BLOCK {@code -} is the process's
 * rank in the launcher's job; BOUNDS the coordinator's first rank of every block and the end,
 * comma-separated.
 */
public final class SpreadWorker {

    /** The environment variable that carries the job's secret. */
    static final String SECRET = "MPIGUARD_SPREAD_SECRET";
    private static final List<String> RANK_VARIABLES = List.of("OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK",
            "SLURM_PROCID");

    private SpreadWorker() {
    }

    public static void main(String[] args) {
        int block = -1;
        try {
            Path dir = Path.of(args[0]);
            block = args[1].equals(SpreadWorkers.BLOCK_OF_JOB) ? blockOfJob(System.getenv()) : Integer.parseInt(args[1]);
            int blocks = Integer.parseInt(args[2]);
            String host = args[3];
            int port = Integer.parseInt(args[4]);
            String[] bounds = args[5].split(",");
            if (bounds.length != blocks + 1 || block < 0 || block >= blocks) {
                throw new IllegalStateException("block " + block + " of " + blocks + " (bounds " + args[5] + ")");
            }
            int lo = Integer.parseInt(bounds[block]);
            int hi = Integer.parseInt(bounds[block + 1]);
            String secret = System.getenv(SECRET);
            if (secret == null) {
                throw new IllegalStateException(SECRET + " is not set");
            }
            try (Socket socket = new Socket(InetAddress.getByName(host), port)) {
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

    /** The process's rank in its launcher's job, as Open MPI (and PMIx, PMI, Slurm) set it. */
    static int blockOfJob(Map<String, String> environment) {
        for (String name : RANK_VARIABLES) {
            String value = environment.get(name);
            if (value != null && !value.isBlank()) {
                return Integer.parseInt(value.strip());
            }
        }
        throw new IllegalStateException("none of " + RANK_VARIABLES + " is set: not started by a launcher");
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
