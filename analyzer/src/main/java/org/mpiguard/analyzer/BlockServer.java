package org.mpiguard.analyzer;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One block of a spread analysis doing what the coordinator ({@link SpreadReplay}) asks, a
 * request at a time: first it takes the shipments the request carries, then it sweeps its
 * ranks, reads ahead, answers or applies the questions about absent collective members,
 * forces its lowest waiting rank, or ends and sends its results. Each reply carries what it
 * ships to the other blocks. The same bytes in one process or over a socket.
 */
final class BlockServer {

    static final byte SWEEP = 1;
    static final byte READ = 2;
    static final byte READ_ALL = 3;
    static final byte ASK = 4;
    static final byte CALLS = 5;
    static final byte EXCLUDE = 6;
    static final byte FORCE = 7;
    static final byte END = 8;
    /**
     * Take the shipments and ship the completions of the collectives whose last arrivals they
     * bring, without stepping a rank: the coordinator asks it of a block that was shipped
     * arrivals to gather, right after the round that shipped them, so the other members' blocks
     * have the completion in the next round rather than the one after it.
     */
    static final byte GATHER = 9;

    private final ReplayBlock block;
    private final int index;
    private final TraceSet traces;
    private final Path dir;
    private final int[] forced;

    BlockServer(ReplayBlock block, int index, TraceSet traces, Path dir, int[] forced) {
        this.block = block;
        this.index = index;
        this.traces = traces;
        this.dir = dir;
        this.forced = forced;
    }

    /**
     * A request's reply: a flag (progress, anything read or changed, forced), whether ranks are
     * left, shipments (each with whether it holds arrivals its block gathers), payload.
     */
    byte[] handle(byte[] request) {
        try {
            FrameIn in = new FrameIn(request, 0, request.length);
            byte command = in.readByte();
            boolean delivered = false;
            for (int n = in.readInt(); n > 0; n--) {
                int from = in.readInt();
                int len = in.readInt();
                int at = in.position();
                in.skip(len);
                block.deliver(request, at, len, from);
                delivered = true;
            }
            boolean flag;
            byte[] payload = new byte[0];
            switch (command) {
                case SWEEP -> flag = sweepAll() | delivered;
                case GATHER -> {
                    block.replay.shipCollectives();
                    flag = delivered;
                }
                case READ -> flag = block.replay.readAhead(false);
                case READ_ALL -> flag = block.replay.readAhead(true);
                case ASK -> {
                    payload = absentMembers();
                    flag = payload.length > 4;
                }
                case CALLS -> {
                    payload = calls(in);
                    flag = false;
                }
                case EXCLUDE -> flag = block.replay.excludeAbsentMembers(answers(in));
                case FORCE -> {
                    forced[0] = in.readInt();
                    flag = block.replay.force();
                    payload = intBytes(forced[0]);
                }
                case END -> {
                    block.replay.end();
                    block.pairing.finish();
                    payload = SpreadResults.encode(block, index, traces, dir);
                    flag = false;
                }
                default -> throw new IllegalStateException("unknown request " + command);
            }
            return reply(flag, payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sweeps until no rank here moves: one sweep steps each rank once in rank order, so a rank
     * waiting on a higher rank of its own block would otherwise wait for the next round (and
     * every block with it) to take what that rank just posted.
     */
    private boolean sweepAll() {
        boolean progress = false;
        while (block.replay.sweep()) {
            progress = true;
        }
        return progress;
    }

    private byte[] reply(boolean flag, byte[] payload) {
        FrameOut out = new FrameOut();
        out.writeBoolean(flag);
        out.writeBoolean(block.replay.left());
        byte[][] shipped = block.writer.take();
        int n = 0;
        for (byte[] s : shipped) {
            n += s == null ? 0 : 1;
        }
        out.writeInt(n);
        for (int b = 0; b < shipped.length; b++) {
            boolean arrivals = block.writer.takeArrivals(b);
            if (shipped[b] != null) {
                out.writeInt(b);
                out.writeBoolean(arrivals);
                out.writeInt(shipped[b].length);
                out.write(shipped[b], 0, shipped[b].length);
            }
        }
        out.writeInt(payload.length);
        out.write(payload, 0, payload.length);
        return out.toBytes();
    }

    /** The members not yet arrived at the collectives ranks here wait in: (rank, communicator, ring) each. */
    private byte[] absentMembers() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        List<long[]> asked = new ArrayList<>();
        block.replay.absentMembers(new StreamReplay.Calls() {
            @Override
            public boolean calls(int rank, long comm, long ring) {
                asked.add(new long[] {rank, comm, ring});
                return true;
            }
        });
        out.writeInt(asked.size());
        for (long[] q : asked) {
            out.writeInt((int) q[0]);
            out.writeLong(q[1]);
            out.writeLong(q[2]);
        }
        return bytes.toByteArray();
    }

    /** Answers whether each rank asked about (one of this block's) ever calls the collective. */
    private byte[] calls(FrameIn in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        int n = in.readInt();
        out.writeInt(n);
        for (int k = 0; k < n; k++) {
            int rank = in.readInt();
            long comm = in.readLong();
            long ring = in.readLong();
            out.writeInt(rank);
            out.writeLong(comm);
            out.writeLong(ring);
            out.writeBoolean(block.replay.calls(rank, comm, ring));
        }
        return bytes.toByteArray();
    }

    /** The answers to this block's questions: a rank not answered is taken to call it (nothing is excluded). */
    private static StreamReplay.Calls answers(FrameIn in) throws IOException {
        Map<String, Boolean> answers = new HashMap<>();
        for (int n = in.readInt(); n > 0; n--) {
            answers.put(in.readInt() + "/" + in.readLong() + "/" + in.readLong(), in.readBoolean());
        }
        return new StreamReplay.Calls() {
            @Override
            public boolean calls(int rank, long comm, long ring) {
                Boolean a = answers.get(rank + "/" + comm + "/" + ring);
                return a == null || a;
            }
        };
    }

    private static byte[] intBytes(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }
}
