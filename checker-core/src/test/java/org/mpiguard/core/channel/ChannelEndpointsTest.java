package org.mpiguard.core.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ChannelEndpointsTest {

    @Test
    void hostKeyIsTheHashOfTheKernelHostNameWithoutItsLineEnd() throws IOException {
        String name = Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).strip();
        long expected = 1125899906842597L;
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            expected = 31 * expected + (b & 0xff);
        }
        assertEquals(expected, ChannelEndpoints.hostKey());
        assertNotEquals(1125899906842597L, ChannelEndpoints.hostKey(), "the name was read");
    }

    @Test
    void secretsAreFreshAndFull() {
        byte[] a = ChannelEndpoints.newSecret();
        byte[] b = ChannelEndpoints.newSecret();
        assertEquals(ChannelEndpoints.SECRET_BYTES, a.length);
        assertFalse(Arrays.equals(a, b));
        assertFalse(Arrays.equals(a, new byte[ChannelEndpoints.SECRET_BYTES]));
    }

    @Test
    void recordsRoundTripWithRankZerosSecret() throws IOException {
        byte[] secret = ChannelEndpoints.newSecret();
        InetSocketAddress zero = new InetSocketAddress(InetAddress.getLoopbackAddress(), 4000);
        InetSocketAddress one = new InetSocketAddress(InetAddress.getLoopbackAddress(), 4001);
        byte[] all = new byte[2 * ChannelEndpoints.RECORD_BYTES];
        System.arraycopy(ChannelEndpoints.record(zero, secret), 0, all, 0, ChannelEndpoints.RECORD_BYTES);
        System.arraycopy(ChannelEndpoints.record(one, new byte[ChannelEndpoints.SECRET_BYTES]), 0, all,
                ChannelEndpoints.RECORD_BYTES, ChannelEndpoints.RECORD_BYTES);
        ChannelEndpoints endpoints = ChannelEndpoints.fromRecords(all, 2);
        assertEquals(4001, endpoints.address(1).getPort());
        assertEquals(Arrays.toString(secret), Arrays.toString(endpoints.secret()));
    }
}
