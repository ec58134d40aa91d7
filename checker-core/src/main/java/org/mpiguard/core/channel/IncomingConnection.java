package org.mpiguard.core.channel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.security.MessageDigest;

/**
 * A connection from another rank: nothing it sends is read as a message until it said the
 * job's secret and its rank ({@link Mailbox#HELLO}); then it yields whole frames (length,
 * tag, acknowledgement id, payload) as they arrive.
 */
final class IncomingConnection {

    /** One message as it arrived. */
    record Frame(int tag, int syncId, byte[] data) {
    }

    private final SocketChannel channel;
    private final ChannelEndpoints endpoints;
    private ByteBuffer buffer = ByteBuffer.allocate(16 * 1024);
    private int source = -1;
    private boolean refused;

    IncomingConnection(SocketChannel channel, ChannelEndpoints endpoints) {
        this.channel = channel;
        this.endpoints = endpoints;
    }

    /** The sender's rank, or -1 before its hello. */
    int source() {
        return source;
    }

    /** Reads what arrived; false once the peer closed the connection. */
    boolean read() {
        try {
            while (true) {
                if (!buffer.hasRemaining()) {
                    ByteBuffer larger = ByteBuffer.allocate(buffer.capacity() * 2);
                    buffer.flip();
                    larger.put(buffer);
                    buffer = larger;
                }
                int n = channel.read(buffer);
                if (n < 0) {
                    return false;
                }
                if (n == 0) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
    }

    /** The next whole message read so far, or null (none yet, no hello yet, or the connection refused). */
    Frame next() {
        if (refused) {
            return null;
        }
        buffer.flip();
        try {
            if (source < 0 && !hello()) {
                return null;
            }
            if (buffer.remaining() < Mailbox.HEADER) {
                return null;
            }
            int length = buffer.getInt(buffer.position());
            if (length < 0 || length > Mailbox.MAX_MESSAGE) {
                refuse();
                return null;
            }
            if (buffer.remaining() < Mailbox.HEADER + length) {
                return null;
            }
            buffer.getInt();
            int tag = buffer.getInt();
            int syncId = buffer.getInt();
            byte[] data = new byte[length];
            buffer.get(data);
            return new Frame(tag, syncId, data);
        } finally {
            if (refused) {
                buffer.clear();
            } else {
                buffer.compact();
            }
        }
    }

    /** The first bytes of a connection: the job's secret and the sender's rank, or the connection is closed. */
    private boolean hello() {
        if (buffer.remaining() < Mailbox.HELLO) {
            return false;
        }
        int magic = buffer.getInt();
        byte[] secret = new byte[ChannelEndpoints.SECRET_BYTES];
        buffer.get(secret);
        int sender = buffer.getInt();
        if (magic != Mailbox.MAGIC || !MessageDigest.isEqual(secret, endpoints.secret())
                || sender < 0 || sender >= endpoints.size()) {
            refuse();
            return false;
        }
        source = sender;
        return true;
    }

    private void refuse() {
        refused = true;
        close();
    }

    void close() {
        Mailbox.quietly(channel);
    }
}
