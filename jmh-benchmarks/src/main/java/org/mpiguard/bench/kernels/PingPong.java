package org.mpiguard.bench.kernels;

import java.nio.ByteBuffer;
import java.util.Locale;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * Ping-pong between rank pairs (0,1), (2,3), ... with blocking send and recv of direct
 * buffers; with an odd rank count the last rank sits out. Each hop adds one to a counter
 * carried in the message and stamps the message's last byte, so the kernel verifies
 * that every hop delivered the bytes it was sent.
 */
abstract class PingPong implements Kernel {

    /** 8-byte messages: the per-call cost, where a checker's overhead shows most. */
    static final class Latency extends PingPong {
        @Override
        public String name() {
            return "pingpong-latency";
        }

        @Override
        public String summary() {
            return "ping-pong of 8 bytes, blocking send/recv";
        }

        @Override
        public Outcome run(Intracomm world, Scale scale) throws MPIException {
            return pingPong(world, 8, scale.pick(200, 200_000));
        }
    }

    /** 4 MiB messages: the bandwidth, where a checker's overhead should vanish. */
    static final class Bandwidth extends PingPong {
        @Override
        public String name() {
            return "pingpong-bandwidth";
        }

        @Override
        public String summary() {
            return "ping-pong of 4 MiB, blocking send/recv";
        }

        @Override
        public Outcome run(Intracomm world, Scale scale) throws MPIException {
            return pingPong(world, 4 << 20, scale.pick(4, 720));
        }
    }

    Outcome pingPong(Intracomm world, int bytes, int roundTrips) throws MPIException {
        int rank = world.getRank();
        int size = world.getSize();
        int partner = (rank ^ 1) < size ? rank ^ 1 : MPI.PROC_NULL;
        ByteBuffer message = MPI.newByteBuffer(bytes);
        boolean ok = true;
        long hops = 0;
        if (partner != MPI.PROC_NULL) {
            boolean starts = (rank & 1) == 0;
            long expected = starts ? 1 : 0;
            if (starts) {
                message.putLong(0, 0);
                world.send(message, bytes, MPI.BYTE, partner, 3);
            }
            for (int trip = 0; trip < roundTrips; trip++) {
                world.recv(message, bytes, MPI.BYTE, partner, 3);
                long counter = message.getLong(0);
                ok &= counter == expected && (bytes <= 8 || message.get(bytes - 1) == (byte) counter);
                message.putLong(0, counter + 1);
                if (bytes > 8) {
                    message.put(bytes - 1, (byte) (counter + 1));
                }
                expected += 2;
                hops++;
                if (starts && trip == roundTrips - 1) {
                    break;
                }
                world.send(message, bytes, MPI.BYTE, partner, 3);
            }
        }
        long[] total = {hops, ok ? 0 : 1};
        world.allReduce(total, 2, MPI.LONG, MPI.SUM);
        String checksum = "hops=" + total[0];
        return new Outcome(checksum, total[1] == 0, String.format(Locale.ROOT,
                "%d bytes, %d round trips per pair, %d hops received, %d bad", bytes, roundTrips, total[0], total[1]));
    }
}
