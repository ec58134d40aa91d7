package org.mpiguard.adapter;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/**
 * The watchdogs' transport over the checker's private communicator: byte messages with
 * a tag ({@link Tags}), sent without blocking and received by probing, through direct
 * buffers, so a watchdog never blocks on its own traffic and never touches the bindings'
 * shared copy buffers the application's array calls use.
 */
final class Mailbox {

    /** What a received message is handed to. */
    interface Handler {
        void handle(int source, int tag, byte[] data) throws IOException, MPIException;
    }

    /** A send in flight, with the buffer MPI reads from until it completes. */
    record PendingSend(Request request, ByteBuffer buffer) {
    }

    private final Intracomm comm;
    private final List<PendingSend> pending = new ArrayList<>();
    private ByteBuffer receiveBuffer = ByteBuffer.allocateDirect(16 * 1024);

    Mailbox(Intracomm comm) {
        this.comm = comm;
    }

    /** Hands every message already arrived to {@code handler}, until {@code stopped} says so. */
    void drain(Handler handler, java.util.function.BooleanSupplier stopped) throws MPIException, IOException {
        Status status = comm.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
        while (status != null) {
            int count = status.getCount(MPI.BYTE);
            int source = status.getSource();
            int tag = status.getTag();
            if (receiveBuffer.capacity() < count) {
                receiveBuffer = ByteBuffer.allocateDirect(Math.max(count, 2 * receiveBuffer.capacity()));
            }
            comm.recv(receiveBuffer, count, MPI.BYTE, source, tag);
            byte[] data = new byte[count];
            receiveBuffer.get(0, data, 0, count);
            handler.handle(source, tag, data);
            if (stopped.getAsBoolean()) {
                return;
            }
            status = comm.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
        }
    }

    /** Sends without waiting; the send is reaped by a later {@link #reap()}. */
    void post(int dest, int tag, byte[] payload) throws MPIException {
        pending.add(send(dest, tag, payload, false));
    }

    /** A nonblocking send; a synchronous one completes only once the receiver has taken it. */
    PendingSend send(int dest, int tag, byte[] payload, boolean synchronous) throws MPIException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(1, payload.length));
        buffer.put(payload);
        Request request = synchronous ? comm.isSend(buffer, payload.length, MPI.BYTE, dest, tag)
                : comm.iSend(buffer, payload.length, MPI.BYTE, dest, tag);
        return new PendingSend(request, buffer);
    }

    /** Drops the posted sends that completed. */
    void reap() throws MPIException {
        reap(pending);
    }

    /** Drops the sends that completed; true when none is left. */
    static boolean reap(List<PendingSend> sends) throws MPIException {
        for (Iterator<PendingSend> it = sends.iterator(); it.hasNext(); ) {
            if (it.next().request().test()) {
                it.remove();
            }
        }
        return sends.isEmpty();
    }

    /** Waits, spinning, at most {@code budgetNanos} for the posted sends to complete. */
    void completeSends(long budgetNanos) throws MPIException {
        long deadline = System.nanoTime() + budgetNanos;
        while (!pending.isEmpty() && System.nanoTime() < deadline) {
            reap();
            Thread.onSpinWait();
        }
    }

    /** Sends one message from a thread other than the watchdog's (the shutdown hook) and waits briefly for it. */
    void sendNow(int dest, int tag, byte[] payload, long waitMillis) throws MPIException, InterruptedException {
        Request request = send(dest, tag, payload, false).request();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while (!request.test() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }

    /** A round number ahead of a message body (snapshot requests and answers). */
    static byte[] withRound(int round, byte[] body) {
        byte[] message = new byte[4 + body.length];
        message[0] = (byte) (round >>> 24);
        message[1] = (byte) (round >>> 16);
        message[2] = (byte) (round >>> 8);
        message[3] = (byte) round;
        System.arraycopy(body, 0, message, 4, body.length);
        return message;
    }

    static int readRound(byte[] data) {
        return ((data[0] & 0xff) << 24) | ((data[1] & 0xff) << 16) | ((data[2] & 0xff) << 8) | (data[3] & 0xff);
    }
}
