package org.mpiguard.core.channel;

import java.io.FileInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;

/**
 * Where every rank's watchdog listens, and the job's secret, as the ranks exchange them at
 * Init (mpi-adapter's ChannelSetup makes the exchange; this class is what is exchanged).
 * Each rank contributes one fixed-size record: the address and port it listens on, and a
 * secret of which only rank 0's is kept. When every rank runs on one host they listen on
 * the loopback address only; across hosts, on the host's own address.
 */
public final class ChannelEndpoints {

    public static final int SECRET_BYTES = 16;
    /** One rank's record: an IPv6 (or IPv4-mapped) address, a port, a secret. */
    public static final int RECORD_BYTES = 16 + 4 + SECRET_BYTES;

    private final byte[] secret;
    private final InetSocketAddress[] addresses;

    public ChannelEndpoints(byte[] secret, InetSocketAddress[] addresses) {
        this.secret = secret.clone();
        this.addresses = addresses.clone();
    }

    public int size() {
        return addresses.length;
    }

    public byte[] secret() {
        return secret;
    }

    public InetSocketAddress address(int rank) {
        return addresses[rank];
    }

    /**
     * A key of this host, equal on every rank of the same host: its kernel host name's hash.
     * Read as raw bytes with a plain stream: java.nio.file and a charset decoder cost a
     * rank some 20 ms of class loading at Init for one short line (measured, issue 23).
     */
    public static long hostKey() {
        byte[] name;
        try (FileInputStream in = new FileInputStream("/proc/sys/kernel/hostname")) {
            name = in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            String env = System.getenv("HOSTNAME");
            name = (env != null ? env : "").getBytes(StandardCharsets.UTF_8);
        }
        int length = name.length;
        while (length > 0 && name[length - 1] <= ' ') {
            length--;
        }
        long h = 1125899906842597L;
        for (int i = 0; i < length; i++) {
            h = 31 * h + (name[i] & 0xff);
        }
        return h;
    }

    /** The address to listen on: loopback when every rank shares this host, else the host's own address. */
    public static InetAddress listenAddress(boolean allOnThisHost) throws UnknownHostException {
        return allOnThisHost ? InetAddress.getLoopbackAddress() : InetAddress.getLocalHost();
    }

    /** This rank's record; {@code secret} matters on rank 0 only. */
    public static byte[] record(InetSocketAddress listening, byte[] secret) {
        ByteBuffer out = ByteBuffer.allocate(RECORD_BYTES);
        out.put(sixteen(listening.getAddress())).putInt(listening.getPort()).put(secret);
        return out.array();
    }

    /** Every rank's record, in rank order, as the exchange gathered them; the secret is rank 0's. */
    public static ChannelEndpoints fromRecords(byte[] all, int size) throws UnknownHostException {
        if (all.length < size * RECORD_BYTES) {
            throw new IllegalArgumentException("expected " + size * RECORD_BYTES + " bytes of records, got " + all.length);
        }
        ByteBuffer in = ByteBuffer.wrap(all);
        InetSocketAddress[] addresses = new InetSocketAddress[size];
        byte[] secret = new byte[SECRET_BYTES];
        for (int r = 0; r < size; r++) {
            byte[] address = new byte[16];
            in.get(address);
            int port = in.getInt();
            byte[] s = new byte[SECRET_BYTES];
            in.get(s);
            if (r == 0) {
                secret = s;
            }
            addresses[r] = new InetSocketAddress(InetAddress.getByAddress(address), port);
        }
        return new ChannelEndpoints(secret, addresses);
    }

    /**
     * A fresh secret; rank 0's is the job's. Read from the kernel's random source directly:
     * a SecureRandom's provider set-up costs rank 0 some 25 ms at Init (measured, issue 23);
     * it remains the fallback where /dev/urandom cannot be read.
     */
    public static byte[] newSecret() {
        byte[] secret = new byte[SECRET_BYTES];
        try (FileInputStream in = new FileInputStream("/dev/urandom")) {
            if (in.readNBytes(secret, 0, SECRET_BYTES) == SECRET_BYTES) {
                return secret;
            }
        } catch (IOException | RuntimeException e) {
            // fall through to SecureRandom
        }
        new SecureRandom().nextBytes(secret);
        return secret;
    }

    private static byte[] sixteen(InetAddress address) {
        byte[] raw = address.getAddress();
        if (raw.length == 16) {
            return raw;
        }
        byte[] mapped = new byte[16];
        mapped[10] = (byte) 0xff;
        mapped[11] = (byte) 0xff;
        System.arraycopy(raw, 0, mapped, 12, 4);
        return mapped;
    }
}
