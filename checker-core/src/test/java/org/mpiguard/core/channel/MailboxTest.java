package org.mpiguard.core.channel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MailboxTest {

    private record Received(int source, int tag, byte[] data) {
    }

    private final List<Mailbox> opened = new ArrayList<>();

    @AfterEach
    void closeAll() {
        opened.forEach(Mailbox::close);
    }

    /** {@code n} ranks' mailboxes in this JVM, listening on loopback, sharing one secret. */
    private Mailbox[] job(int n) throws IOException {
        ServerSocketChannel[] servers = new ServerSocketChannel[n];
        ByteBuffer records = ByteBuffer.allocate(n * ChannelEndpoints.RECORD_BYTES);
        byte[] secret = ChannelEndpoints.newSecret();
        for (int r = 0; r < n; r++) {
            servers[r] = ServerSocketChannel.open();
            servers[r].bind(new InetSocketAddress(ChannelEndpoints.listenAddress(true), 0));
            records.put(ChannelEndpoints.record((InetSocketAddress) servers[r].getLocalAddress(),
                    r == 0 ? secret : new byte[ChannelEndpoints.SECRET_BYTES]));
        }
        ChannelEndpoints endpoints = ChannelEndpoints.fromRecords(records.array(), n);
        assertArrayEquals(secret, endpoints.secret(), "rank 0's secret is the job's");
        Mailbox[] boxes = new Mailbox[n];
        for (int r = 0; r < n; r++) {
            boxes[r] = new Mailbox(r, servers[r], endpoints);
            opened.add(boxes[r]);
        }
        return boxes;
    }

    /** Drains {@code box} until {@code count} messages arrived or two seconds passed. */
    private static List<Received> receive(Mailbox box, int count) throws Exception {
        List<Received> got = new ArrayList<>();
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (got.size() < count && System.nanoTime() < deadline) {
            box.drain((s, t, d) -> got.add(new Received(s, t, d)), () -> false);
            Thread.sleep(1);
        }
        return got;
    }

    @Test
    void messagesFromOneRankArriveInTheOrderTheyWerePostedWithTheirSourceAndTag() throws Exception {
        Mailbox[] job = job(3);
        for (int i = 0; i < 50; i++) {
            job[1].post(0, 8, new byte[] {(byte) i});
        }
        job[2].post(0, 4, "done".getBytes());
        List<Received> got = receive(job[0], 51);
        assertEquals(51, got.size());
        int next = 0;
        for (Received r : got) {
            if (r.source() == 1) {
                assertEquals(8, r.tag());
                assertEquals(next++, r.data()[0], "in posting order");
            } else {
                assertEquals(2, r.source());
                assertEquals(4, r.tag());
                assertArrayEquals("done".getBytes(), r.data());
            }
        }
    }

    @Test
    void aSynchronousSendIsDoneOnlyOnceTheReceiverHasTakenIt() throws Exception {
        Mailbox[] job = job(2);
        Mailbox.Pending last = job[1].send(0, 8, new byte[100_000], true);
        Thread.sleep(50);
        job[1].reap();
        assertFalse(last.done(), "written but not taken");
        assertEquals(1, receive(job[0], 1).size());
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (!last.done() && System.nanoTime() < deadline) {
            job[1].drain((s, t, d) -> { }, () -> false);
            Thread.sleep(1);
        }
        assertTrue(last.done(), "acknowledged");
    }

    @Test
    void aDrainStoppedByTheHandlerKeepsTheRestForTheNextDrain() throws Exception {
        Mailbox[] job = job(2);
        for (int i = 0; i < 5; i++) {
            job[1].post(0, 8, new byte[] {(byte) i});
        }
        Thread.sleep(100);
        List<Received> first = new ArrayList<>();
        job[0].drain((s, t, d) -> first.add(new Received(s, t, d)), () -> first.size() == 2);
        assertEquals(2, first.size());
        List<Received> rest = receive(job[0], 3);
        assertEquals(3, rest.size());
        assertEquals(2, rest.get(0).data()[0]);
    }

    @Test
    void aConnectionWithoutTheJobsSecretIsClosedAndItsMessagesNeverDelivered() throws Exception {
        Mailbox[] job = job(2);
        // an outsider learns rank 0's port (it is no secret) and speaks the protocol with a wrong secret
        job[1].post(0, 8, new byte[] {1}); // opens rank 1's connection: rank 0 now listens for sure
        assertEquals(1, receive(job[0], 1).size());
        InetSocketAddress rank0 = endpointsOf(job);
        try (SocketChannel outsider = SocketChannel.open(rank0)) {
            ByteBuffer hello = ByteBuffer.allocate(4 + ChannelEndpoints.SECRET_BYTES + 4 + 12 + 1);
            hello.putInt(0x4d504744).put(new byte[ChannelEndpoints.SECRET_BYTES]).putInt(1)
                 .putInt(1).putInt(8).putInt(0).put((byte) 9).flip();
            outsider.write(hello);
            assertTrue(receive(job[0], 1).isEmpty(), "nothing from a connection without the secret");
            outsider.socket().setSoTimeout(2000);
            assertEquals(-1, outsider.socket().getInputStream().read(), "closed by rank 0");
        }
    }

    @Test
    void sendsToARankThatListensNoMoreAreDroppedWithoutBlockingOrFailing() throws Exception {
        Mailbox[] job = job(2);
        job[0].close();
        Mailbox.Pending p = job[1].send(0, 8, new byte[10], true);
        job[1].post(0, 8, new byte[10]);
        job[1].completeSends(1_000_000_000L);
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (!p.done() && System.nanoTime() < deadline) {
            job[1].reap();
            Thread.sleep(1);
        }
        assertTrue(p.done(), "a send to a rank gone is dropped, never waited for");
    }

    @Test
    void roundsTravelAheadOfTheBody() {
        byte[] m = Mailbox.withRound(70_000, new byte[] {5});
        assertEquals(70_000, Mailbox.readRound(m));
        assertEquals(5, m[4]);
    }

    @Test
    void allRanksOnOneHostListenOnLoopbackOnly() throws Exception {
        assertTrue(ChannelEndpoints.listenAddress(true).isLoopbackAddress());
        InetAddress v4 = InetAddress.getByName("127.0.0.1");
        byte[] record = ChannelEndpoints.record(new InetSocketAddress(v4, 4242), new byte[ChannelEndpoints.SECRET_BYTES]);
        ChannelEndpoints back = ChannelEndpoints.fromRecords(record, 1);
        assertEquals(new InetSocketAddress(v4, 4242), back.address(0));
    }

    private static InetSocketAddress endpointsOf(Mailbox[] job) throws Exception {
        var field = Mailbox.class.getDeclaredField("endpoints");
        field.setAccessible(true);
        return ((ChannelEndpoints) field.get(job[0])).address(0);
    }
}
