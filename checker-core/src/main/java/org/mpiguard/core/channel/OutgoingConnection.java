package org.mpiguard.core.channel;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The connection from this rank to one other: its messages in the order they were posted,
 * written without blocking as far as the socket takes them. It opens with the hello (the
 * job's secret and this rank). A peer that cannot be reached fails the connection: what
 * was queued is dropped and every wait on it ends, as a rank gone would leave it unmatched.
 */
final class OutgoingConnection {

    /** Marks a frame nobody waits for. */
    private static final Mailbox.Pending NO_MARK = new Mailbox.Pending();

    private final ArrayDeque<ByteBuffer> frames = new ArrayDeque<>();
    private final ArrayDeque<Mailbox.Pending> writtenMarks = new ArrayDeque<>();
    /** Synchronous sends not yet acknowledged: ended, not waited for, should the peer be gone. */
    private final List<Mailbox.Pending> unacknowledged = new ArrayList<>();
    private SocketChannel channel;
    private boolean failed;

    OutgoingConnection(InetSocketAddress address, ByteBuffer hello) {
        try {
            channel = ChannelProvider.get().openSocketChannel();
            channel.configureBlocking(false);
            channel.connect(address);
            queue(hello, null);
        } catch (IOException e) {
            fail();
        }
    }

    void awaitsAck(Mailbox.Pending pending) {
        Mailbox.removeDone(unacknowledged);
        if (failed) {
            pending.complete();
        } else {
            unacknowledged.add(pending);
        }
    }

    /** {@code written} (if any) is done once the frame is written whole. */
    void queue(ByteBuffer frame, Mailbox.Pending written) {
        if (failed) {
            if (written != null) {
                written.complete();
            }
            return;
        }
        frames.add(frame);
        writtenMarks.add(written == null ? NO_MARK : written);
    }

    void flush() {
        if (failed) {
            return;
        }
        try {
            if (channel.isConnectionPending() && !channel.finishConnect()) {
                return;
            }
            while (!frames.isEmpty()) {
                ByteBuffer head = frames.peek();
                channel.write(head);
                if (head.hasRemaining()) {
                    return;
                }
                frames.poll();
                writtenMarks.poll().complete();
            }
        } catch (IOException e) {
            fail();
        }
    }

    /** The peer is gone or refuses us: its messages are dropped, every wait on them ends. */
    void fail() {
        failed = true;
        frames.clear();
        for (Mailbox.Pending mark : writtenMarks) {
            mark.complete();
        }
        writtenMarks.clear();
        for (Mailbox.Pending pending : unacknowledged) {
            pending.complete();
        }
        unacknowledged.clear();
        Mailbox.quietly(channel);
    }
}
