package org.mpiguard.core.channel;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The watchdogs' transport, out of band: byte messages with a tag between the job's ranks
 * over TCP connections, so the program keeps the MPI thread level it asked for and the
 * checker's traffic never enters MPI's progress engine. Each rank listens on one socket
 * opened at Init and known to the others ({@link ChannelEndpoints}); a rank opens one
 * connection to each rank it sends to, so messages from one rank to another arrive in the
 * order they were posted, as MPI's would. A connection is accepted only after it presents
 * the job's secret, drawn at Init and known only to the job's ranks.
 *
 * <p>Nothing blocks: sends are queued and written as far as the socket takes them
 * ({@link #reap()} writes the rest), receipt is a non-blocking select ({@link #drain}).
 * A synchronous send completes once the receiver has taken the message (it answers with an
 * acknowledgement), which is what the last ring batch needs to show every earlier message
 * was taken. A peer that cannot be reached (gone, or refusing) has its messages dropped,
 * as MPI would leave them unmatched. Every method is synchronized: the watchdog's thread
 * uses it, and the shutdown hook's thread sends one last message through it.
 */
public final class Mailbox implements AutoCloseable {

    /** What a received message is handed to. */
    public interface Handler {
        void handle(int source, int tag, byte[] data) throws Exception;
    }

    /** A send in flight: done once written (or acknowledged, for a synchronous one), or dropped. */
    public static final class Pending {
        private volatile boolean done;

        public boolean done() {
            return done;
        }

        void complete() {
            done = true;
        }
    }

    /** Ahead of each message: its length, its tag, and the id the receiver acknowledges (0: none asked). */
    static final int HEADER = 12;
    /** The tag of an acknowledgement of a synchronous send; never a tag of the checker's own. */
    private static final int ACK = -1;
    /** Larger than any status or ring batch the checker sends: a longer length is a corrupt stream. */
    static final int MAX_MESSAGE = 256 << 20;
    static final int MAGIC = 0x4d504744; // "MPGD"
    /** What a connection sends first: magic, the job's secret, the sender's rank. */
    static final int HELLO = 4 + ChannelEndpoints.SECRET_BYTES + 4;

    private final int rank;
    private final ChannelEndpoints endpoints;
    private final ServerSocketChannel server;
    private final Selector selector;
    private final OutgoingConnection[] outgoing;
    private final List<IncomingConnection> backlog = new ArrayList<>();
    private final Map<Integer, Pending> awaitingAck = new HashMap<>();
    private final List<Pending> posted = new ArrayList<>();
    private int nextSyncId = 1;
    private boolean closed;

    /** {@code server} is this rank's listening socket, bound before the endpoints were exchanged. */
    public Mailbox(int rank, ServerSocketChannel server, ChannelEndpoints endpoints) throws IOException {
        this.rank = rank;
        this.endpoints = endpoints;
        this.server = server;
        this.selector = server.provider().openSelector(); // the provider the server came from: ChannelProvider
        server.configureBlocking(false);
        server.register(selector, SelectionKey.OP_ACCEPT);
        this.outgoing = new OutgoingConnection[endpoints.size()];
    }

    /** Hands every message already arrived to {@code handler}, until {@code stopped} says so. */
    public synchronized void drain(Handler handler, BooleanSupplier stopped) throws Exception {
        if (closed) {
            return;
        }
        java.util.Set<IncomingConnection> readySet = new java.util.LinkedHashSet<>(backlog);
        backlog.clear();
        selector.selectNow();
        for (Iterator<SelectionKey> it = selector.selectedKeys().iterator(); it.hasNext(); ) {
            SelectionKey key = it.next();
            it.remove();
            if (!key.isValid()) {
                continue;
            }
            if (key.isAcceptable()) {
                accept(readySet);
            } else if (key.isReadable()) {
                IncomingConnection in = (IncomingConnection) key.attachment();
                if (!in.read()) {
                    key.cancel();
                    in.close();
                }
                readySet.add(in);
            }
        }
        List<IncomingConnection> ready = new ArrayList<>(readySet);
        for (int i = 0; i < ready.size(); i++) {
            if (!deliver(ready.get(i), handler, stopped)) {
                backlog.addAll(ready.subList(i, ready.size()));
                return;
            }
        }
    }

    /** Hands over the whole messages read so far from {@code in}; false when {@code stopped} interrupted it. */
    private boolean deliver(IncomingConnection in, Handler handler, BooleanSupplier stopped) throws Exception {
        for (IncomingConnection.Frame frame = in.next(); frame != null; frame = in.next()) {
            if (frame.tag() == ACK) {
                Pending acked = awaitingAck.remove(frame.syncId());
                if (acked != null) {
                    acked.complete();
                }
                continue;
            }
            if (frame.syncId() != 0) {
                OutgoingConnection back = outgoing(in.source());
                if (back != null) {
                    back.queue(frame(ACK, frame.syncId(), new byte[0]), null);
                    back.flush();
                }
            }
            handler.handle(in.source(), frame.tag(), frame.data());
            if (stopped.getAsBoolean()) {
                return false;
            }
        }
        return true;
    }

    /** Sends without waiting; written now as far as the socket takes it, the rest by {@link #reap()}. */
    public synchronized void post(int dest, int tag, byte[] payload) {
        posted.add(send(dest, tag, payload, false));
    }

    /** A send of its own to watch; a synchronous one is done only once the receiver has taken it. */
    public synchronized Pending send(int dest, int tag, byte[] payload, boolean synchronous) {
        Pending pending = new Pending();
        OutgoingConnection out = outgoing(dest);
        if (out == null) {
            pending.complete();
            return pending;
        }
        int syncId = 0;
        if (synchronous) {
            syncId = nextSyncId++;
            awaitingAck.put(syncId, pending);
            out.awaitsAck(pending);
        }
        out.queue(frame(tag, syncId, payload), synchronous ? null : pending);
        out.flush();
        return pending;
    }

    /** Writes what the sockets now take, and drops the posted sends that are done. */
    public synchronized void reap() {
        for (OutgoingConnection out : outgoing) {
            if (out != null) {
                out.flush();
            }
        }
        removeDone(posted);
    }

    /** Whether every one of {@code sends} is done; those done are removed. */
    public static boolean reap(List<Pending> sends) {
        removeDone(sends);
        return sends.isEmpty();
    }

    /**
     * Removes the sends that are done. A loop, not {@code removeIf} with a method reference:
     * the watchdog's code makes no class at run time (issue 23, docs/overhead.md).
     */
    static void removeDone(Collection<Pending> sends) {
        for (Iterator<Pending> it = sends.iterator(); it.hasNext(); ) {
            if (it.next().done()) {
                it.remove();
            }
        }
    }

    /** Writes, spinning, at most {@code budgetNanos} until every posted send is written. */
    public void completeSends(long budgetNanos) {
        long deadline = System.nanoTime() + budgetNanos;
        while (System.nanoTime() < deadline) {
            synchronized (this) {
                reap();
                if (posted.isEmpty()) {
                    return;
                }
            }
            Thread.onSpinWait();
        }
    }

    /** Sends one message from a thread other than the watchdog's (the shutdown hook) and waits briefly until written. */
    public void sendNow(int dest, int tag, byte[] payload, long waitMillis) throws InterruptedException {
        Pending pending = send(dest, tag, payload, false);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while (!pending.done() && System.nanoTime() < deadline) {
            Thread.sleep(5);
            synchronized (this) {
                OutgoingConnection out = outgoing[dest];
                if (out != null) {
                    out.flush();
                }
            }
        }
    }

    /** Stops listening and closes every connection: nothing listens beyond the job's lifetime. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (OutgoingConnection out : outgoing) {
            if (out != null) {
                out.fail();
            }
        }
        for (SelectionKey key : selector.keys()) {
            if (key.attachment() instanceof IncomingConnection in) {
                in.close();
            }
        }
        quietly(server);
        quietly(selector);
    }

    /** A round number ahead of a message body (snapshot requests and answers). */
    public static byte[] withRound(int round, byte[] body) {
        byte[] message = new byte[4 + body.length];
        ByteBuffer.wrap(message).putInt(round).put(body);
        return message;
    }

    public static int readRound(byte[] data) {
        return ByteBuffer.wrap(data, 0, 4).getInt();
    }

    static ByteBuffer frame(int tag, int syncId, byte[] payload) {
        ByteBuffer frame = ByteBuffer.allocate(HEADER + payload.length);
        frame.putInt(payload.length).putInt(tag).putInt(syncId).put(payload).flip();
        return frame;
    }

    private OutgoingConnection outgoing(int dest) {
        if (closed || dest < 0 || dest >= outgoing.length) {
            return null;
        }
        OutgoingConnection out = outgoing[dest];
        if (out == null) {
            ByteBuffer hello = ByteBuffer.allocate(HELLO);
            hello.putInt(MAGIC).put(endpoints.secret()).putInt(rank).flip();
            out = new OutgoingConnection(endpoints.address(dest), hello);
            outgoing[dest] = out;
        }
        return out;
    }

    /** New connections, read at once: what they brought is delivered in this drain. */
    private void accept(java.util.Set<IncomingConnection> ready) throws IOException {
        SocketChannel channel;
        while ((channel = server.accept()) != null) {
            channel.configureBlocking(false);
            IncomingConnection in = new IncomingConnection(channel, endpoints);
            SelectionKey key = channel.register(selector, SelectionKey.OP_READ, in);
            if (!in.read()) {
                key.cancel();
                in.close();
            }
            ready.add(in);
        }
    }

    static void quietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing at the end of the run: nothing depends on it
        }
    }

    private static final Pending NO_MARK = new Pending();

}
