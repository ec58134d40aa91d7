package org.mpiguard.analyzer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The coordinator of an analysis spread over blocks of ranks ({@link BlockServer}), each
 * stepping only its own ranks, in rounds: every block takes what the others shipped in the
 * last round, then steps its ranks as far as they go. Shipments therefore arrive in causal
 * order (anything that happens before an event replayed in one block was shipped by its own
 * block in an earlier round, or replayed there), which is what lets each check judge where
 * its data lives. When no block can step and nothing is in flight, the traces are read
 * further, collective members that never call are excluded, or the lowest waiting rank is
 * forced, as the one-process replay does. Blocks are reached through {@link BlockLink}s: in
 * this process or in others.
 */
final class SpreadReplay {

    private final BlockLink[] links;
    private final int[] ownerOf;
    /** Per block, what the others shipped to it and it has not been given yet, in order. */
    private final List<List<Shipped>> inbox = new ArrayList<>();

    /**
     * Shipments of one block to another: {@code len} bytes at {@code off} of a reply;
     * {@code arrivals} when they hold arrivals at a collective the receiving block gathers.
     */
    private record Shipped(int from, byte[] bytes, int off, int len, boolean arrivals) {
    }
    private int forced;
    private long rounds;
    /** Per block: swept to a stop since anything last changed it (a SWEEP sweeps until no rank moves), so until something is shipped to it another SWEEP would move nothing. */
    private final boolean[] settled;
    /** Per block: whether it had events left at its last reply. */
    private final boolean[] left;
    /** Requests left out because the block they were for was settled. */
    private long skipped;
    /** GATHER requests sent. */
    private long gathers;

    SpreadReplay(BlockLink[] links, int[] ownerOf) {
        this.links = links;
        this.ownerOf = ownerOf;
        this.settled = new boolean[links.length];
        this.left = new boolean[links.length];
        for (int b = 0; b < links.length; b++) {
            inbox.add(new ArrayList<>());
        }
    }

    /** The first rank of each of {@code count} blocks of {@code world} ranks, and the end: contiguous, even shares. */
    static int[] bounds(int world, int count) {
        int n = Math.max(1, Math.min(count, Math.max(1, world)));
        int[] bounds = new int[n + 1];
        for (int b = 0; b <= n; b++) {
            bounds[b] = (int) ((long) world * b / n);
        }
        return bounds;
    }

    /** The block of each rank, for {@link #bounds}. */
    static int[] owners(int[] bounds) {
        int[] ownerOf = new int[bounds[bounds.length - 1]];
        for (int b = 0; b + 1 < bounds.length; b++) {
            for (int r = bounds[b]; r < bounds[b + 1]; r++) {
                ownerOf[r] = b;
            }
        }
        return ownerOf;
    }

    /** Events forced, by every block. */
    int forced() {
        return forced;
    }

    /** Rounds of requests the replay took. */
    long rounds() {
        return rounds;
    }

    /** GATHER requests sent: a block given the arrivals it gathers between two rounds. */
    long gathers() {
        return gathers;
    }

    /** SWEEP requests not sent because their block was settled and nothing had been shipped to it. */
    long skipped() {
        return skipped;
    }

    /** Runs every block's replay to its end; returns each block's results ({@link SpreadResults}), in block order. */
    List<byte[]> run() throws IOException {
        while (true) {
            Reply[] r = round(BlockServer.SWEEP, null);
            boolean progress = any(r);
            gather();
            boolean left = false;
            for (Reply x : r) {
                left |= x.left;
            }
            boolean inFlight = inFlight();
            if (!left && !inFlight) {
                break;
            }
            if (progress || inFlight) {
                continue;
            }
            if (!any(round(BlockServer.READ, null)) && !any(round(BlockServer.READ_ALL, null)) && !exclude()) {
                force();
            }
        }
        Reply[] ends = round(BlockServer.END, null);
        List<byte[]> results = new ArrayList<>();
        for (Reply e : ends) {
            results.add(e.payload);
        }
        return results;
    }

    private boolean inFlight() {
        for (List<Shipped> frames : inbox) {
            if (!frames.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static boolean any(Reply[] replies) {
        boolean any = false;
        for (Reply r : replies) {
            any |= r.flag;
        }
        return any;
    }

    /** Asks who waits for members not yet arrived, their blocks whether they ever call, and applies the answers. */
    private boolean exclude() throws IOException {
        Reply[] asked = round(BlockServer.ASK, null);
        if (!any(asked)) {
            return false;
        }
        // the questions, by the block of the rank asked about
        List<ByteArrayOutputStream> byOwner = new ArrayList<>();
        int[] counts = new int[links.length];
        for (int b = 0; b < links.length; b++) {
            byOwner.add(new ByteArrayOutputStream());
        }
        for (Reply a : asked) {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(a.payload));
            for (int n = in.readInt(); n > 0; n--) {
                int rank = in.readInt();
                long comm = in.readLong();
                long ring = in.readLong();
                int owner = rank >= 0 && rank < ownerOf.length ? ownerOf[rank] : -1;
                if (owner >= 0) {
                    DataOutputStream out = new DataOutputStream(byOwner.get(owner));
                    out.writeInt(rank);
                    out.writeLong(comm);
                    out.writeLong(ring);
                    counts[owner]++;
                }
            }
        }
        byte[][] questions = new byte[links.length][];
        for (int b = 0; b < links.length; b++) {
            questions[b] = withCount(counts[b], byOwner.get(b).toByteArray());
        }
        Reply[] answered = round(BlockServer.CALLS, questions);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        int total = 0;
        for (Reply a : answered) {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(a.payload));
            int n = in.readInt();
            total += n;
            all.write(a.payload, 4, a.payload.length - 4);
        }
        byte[] answers = withCount(total, all.toByteArray());
        byte[][] each = new byte[links.length][];
        java.util.Arrays.fill(each, answers);
        return any(round(BlockServer.EXCLUDE, each));
    }

    /**
     * Gives each block that was shipped arrivals at a collective it gathers what is in its inbox,
     * and has it ship the completions now due: the completions then reach the other members'
     * blocks with the next round's shipments, where a SWEEP of the gatherer would have shipped
     * them a round later (a collective took two rounds: its arrivals, then its completion).
     * Nothing is stepped, so shipments still arrive in causal order.
     */
    private void gather() throws IOException {
        boolean[] asked = new boolean[links.length];
        for (int b = 0; b < links.length; b++) {
            if (holdsArrivals(b)) {
                asked[b] = true;
                gathers++;
                links[b].send(request(BlockServer.GATHER, b, null));
            }
        }
        for (int b = 0; b < links.length; b++) {
            if (asked[b]) {
                left[b] = reply(b, links[b].receive()).left;
                settled[b] = false;
            }
        }
    }

    /** Whether block {@code b}'s inbox holds arrivals at a collective it gathers (see {@link BlockServer#GATHER}). */
    private boolean holdsArrivals(int b) {
        for (Shipped f : inbox.get(b)) {
            if (f.arrivals()) {
                return true;
            }
        }
        return false;
    }

    /** Forces the lowest waiting rank: the first block (in rank order) that has one. */
    private void force() throws IOException {
        for (int b = 0; b < links.length; b++) {
            settled[b] = false;
            links[b].send(request(BlockServer.FORCE, b, intBytes(forced)));
            Reply r = reply(b, links[b].receive());
            left[b] = r.left;
            forced = new DataInputStream(new ByteArrayInputStream(r.payload)).readInt();
            if (r.flag) {
                return;
            }
        }
    }

    /**
     * One request to every block (with {@code args[b]} after it, if any), and every reply, in block
     * order. A SWEEP skips a settled block nothing was shipped to: it answers for it (no progress,
     * nothing shipped), and the block's process is not woken for nothing.
     */
    private Reply[] round(byte command, byte[][] args) throws IOException {
        rounds++;
        boolean[] asked = new boolean[links.length];
        for (int b = 0; b < links.length; b++) {
            asked[b] = command != BlockServer.SWEEP || !settled[b] || !inbox.get(b).isEmpty();
            if (asked[b]) {
                links[b].send(request(command, b, args == null ? null : args[b]));
            } else {
                skipped++;
            }
        }
        Reply[] replies = new Reply[links.length];
        for (int b = 0; b < links.length; b++) {
            if (asked[b]) {
                replies[b] = reply(b, links[b].receive());
                left[b] = replies[b].left;
                settled[b] = command == BlockServer.SWEEP;
            } else {
                replies[b] = new Reply();
                replies[b].left = left[b];
                replies[b].payload = new byte[0];
            }
        }
        return replies;
    }

    /** A request to block {@code b}: the command, what was shipped to it, the arguments. */
    private byte[] request(byte command, int b, byte[] args) {
        FrameOut out = new FrameOut();
        out.writeByte(command);
        List<Shipped> frames = inbox.get(b);
        out.writeInt(frames.size());
        for (Shipped f : frames) {
            out.writeInt(f.from());
            out.writeInt(f.len());
            out.write(f.bytes(), f.off(), f.len());
        }
        frames.clear();
        if (args != null) {
            out.write(args, 0, args.length);
        }
        return out.toBytes();
    }

    /** One block's reply; what it shipped goes to the inboxes of the blocks it is for. */
    private Reply reply(int from, byte[] bytes) throws IOException {
        FrameIn in = new FrameIn(bytes, 0, bytes.length);
        Reply r = new Reply();
        r.flag = in.readBoolean();
        r.left = in.readBoolean();
        for (int n = in.readInt(); n > 0; n--) {
            int to = in.readInt();
            boolean arrivals = in.readBoolean();
            int len = in.readInt();
            int at = in.position();
            in.skip(len);
            if (to < 0 || to >= inbox.size()) {
                throw new IOException("block " + from + " shipped to block " + to + " of " + inbox.size());
            }
            inbox.get(to).add(new Shipped(from, bytes, at, len, arrivals));
        }
        int len = in.readInt();
        int at = in.position();
        in.skip(len);
        r.payload = java.util.Arrays.copyOfRange(bytes, at, at + len);
        return r;
    }

    private static final class Reply {
        boolean flag;
        boolean left;
        byte[] payload;
    }

    private static byte[] withCount(int count, byte[] body) {
        byte[] out = new byte[4 + body.length];
        System.arraycopy(intBytes(count), 0, out, 0, 4);
        System.arraycopy(body, 0, out, 4, body.length);
        return out;
    }

    private static byte[] intBytes(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }
}
