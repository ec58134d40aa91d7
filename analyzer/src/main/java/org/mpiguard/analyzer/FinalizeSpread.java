package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.trace.ShippedHeader;
import org.mpiguard.core.trace.TraceStream;

/**
 * The end-of-run analysis spread over the job's own ranks, for traces larger than rank 0
 * takes in alone ({@link EndOfRunBound}): at MPI.Finalize, before the real one, every rank
 * replays its own trace as one block ({@link BlockServer}, reading only its own file and
 * every header) and rank 0 coordinates the rounds ({@link SpreadReplay}) and merges the
 * findings, as {@code mpiguard analyze --np N} does with processes of one machine. Traces on
 * each node's own disk come with every rank's header and definitions shipped
 * ({@code headers}, {@link ShippedHeader}): then each rank reads only its own file. The
 * blocks talk to rank 0 only, through a {@link Channel} the caller gives (the checker's
 * private communicator).
 *
 * <p>Nothing here may leave a rank waiting: a block that fails answers every later request
 * with a failure, and rank 0, on any failure, takes the replies still owed to it and then
 * tells every block to stop ({@link #STOP}); the caller falls back to leaving the traces to
 * {@code mpiguard analyze}.
 */
public final class FinalizeSpread {

    /** A request that ends a block's service without results (the coordinator gave up). */
    static final byte STOP = 99;
    /** The reply of a block that has failed. */
    private static final byte[] FAILED = {};

    /** Byte messages between rank 0 and the others. */
    public interface Channel {
        void send(int rank, byte[] bytes) throws IOException;

        byte[] receive(int rank) throws IOException;
    }

    private FinalizeSpread() {
    }

    /**
     * Rank 0: runs block 0 here and blocks 1 .. {@code ranks - 1} through {@code channel},
     * and returns the merged analysis. Throws when any block or the channel failed, after
     * every other rank was told to stop.
     */
    public static StreamingAnalysis.Streamed coordinate(Path dir, int ranks, Channel channel, byte[][] headers)
            throws IOException {
        long start = System.nanoTime();
        List<String> notes = new ArrayList<>();
        List<TraceStream> streams = new ArrayList<>();
        TraceSet traces = StreamingAnalysis.openTraces(dir, headers, notes, streams, 0, 1);
        int[] bounds = SpreadReplay.bounds(traces.worldSize(), ranks);
        RemoteBlocks links = new RemoteBlocks(channel, bounds.length - 1);
        try {
            if (bounds.length - 1 != ranks) {
                throw new IOException("the traces in " + dir + " are of " + traces.worldSize() + " ranks, not "
                        + ranks);
            }
            links.set(0, BlockLink.local(server(dir, traces, streams, bounds, 0)));
            SpreadReplay spread = new SpreadReplay(links.links, SpreadReplay.owners(bounds));
            List<byte[]> results = spread.run();
            links.ended = true;
            Analysis.Result result = SpreadResults.merge(results, notes, spread.forced(),
                    (System.nanoTime() - start) / 1_000_000);
            return new StreamingAnalysis.Streamed(traces, result);
        } catch (IOException | RuntimeException e) {
            links.stopAll();
            throw e;
        } finally {
            for (TraceStream s : streams) {
                s.close();
            }
        }
    }

    /**
     * Rank {@code block} (not 0): replays its own trace for rank 0 until the end or a stop.
     * Never throws: a failure is answered to rank 0, which stops every block.
     */
    public static void serve(Path dir, int block, int ranks, Channel channel, byte[][] headers) {
        List<TraceStream> streams = new ArrayList<>();
        BlockServer server = null;
        try {
            TraceSet traces = StreamingAnalysis.openTraces(dir, headers, new ArrayList<>(), streams, block, block + 1);
            int[] bounds = SpreadReplay.bounds(traces.worldSize(), ranks);
            if (bounds.length - 1 == ranks) {
                server = server(dir, traces, streams, bounds, block);
            }
        } catch (IOException | RuntimeException e) {
            server = null;
        }
        try {
            while (true) {
                byte[] request = channel.receive(0);
                if (request.length == 0 || request[0] == STOP) {
                    return;
                }
                byte[] reply = FAILED;
                if (server != null) {
                    try {
                        reply = server.handle(request);
                    } catch (RuntimeException e) {
                        server = null;
                    }
                }
                channel.send(0, reply);
                if (request[0] == BlockServer.END) {
                    return;
                }
            }
        } catch (IOException e) {
            // the channel itself failed: nothing more can be said to rank 0
        } finally {
            for (TraceStream s : streams) {
                s.close();
            }
        }
    }

    private static BlockServer server(Path dir, TraceSet traces, List<TraceStream> streams, int[] bounds, int block) {
        int[] forced = new int[1];
        int blocks = bounds.length - 1;
        ReplayBlock replay = new ReplayBlock(traces, bounds[block], bounds[block + 1], blocks, streams, null,
                new ShipmentWriter(block, SpreadReplay.owners(bounds), bounds), new ArrayList<>(), new ArrayList<>(),
                forced);
        return new BlockServer(replay, block, traces, dir, forced);
    }

    /** The links to the other ranks' blocks, knowing which owe a reply, so that a stop leaves none waiting. */
    private static final class RemoteBlocks {
        final BlockLink[] links;
        private final boolean[] owes;
        private final Channel channel;
        boolean ended;

        RemoteBlocks(Channel channel, int count) {
            this.channel = channel;
            this.links = new BlockLink[Math.max(count, 1)];
            this.owes = new boolean[links.length];
            for (int b = 1; b < links.length; b++) {
                int rank = b;
                links[b] = new BlockLink() {
                    @Override
                    public void send(byte[] request) throws IOException {
                        channel.send(rank, request);
                        owes[rank] = true;
                    }

                    @Override
                    public byte[] receive() throws IOException {
                        byte[] reply = channel.receive(rank);
                        owes[rank] = false;
                        if (reply.length == 0) {
                            throw new IOException("rank " + rank + " could not analyse its trace");
                        }
                        return reply;
                    }
                };
            }
        }

        void set(int block, BlockLink link) {
            links[block] = link;
        }

        /** Takes every reply still owed, then stops every block (unless all have ended). */
        void stopAll() {
            if (ended) {
                return;
            }
            for (int b = 1; b < links.length; b++) {
                try {
                    if (owes[b]) {
                        channel.receive(b);
                        owes[b] = false;
                    }
                    channel.send(b, new byte[] {STOP});
                } catch (IOException e) {
                    // that rank's channel is gone; the others are still told
                }
            }
        }
    }
}
