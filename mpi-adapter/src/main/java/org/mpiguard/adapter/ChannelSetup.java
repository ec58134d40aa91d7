package org.mpiguard.adapter;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import mpi.Intracomm;
import mpi.MPIException;
import org.mpiguard.core.channel.ChannelEndpoints;
import org.mpiguard.core.channel.ChannelProvider;
import org.mpiguard.core.channel.Mailbox;

/**
 * Opens the watchdogs' out-of-band channel at Init, on the program's own thread (so at the
 * thread level the program asked for): each rank listens on a socket, then the ranks
 * exchange where they listen and rank 0's secret over the checker's own duplicate of
 * COMM_WORLD ({@link CheckerComm}, through direct buffers: {@link DirectExchange}); from then on the watchdogs' traffic never enters MPI.
 */
final class ChannelSetup {

    private ChannelSetup() {
    }

    static Mailbox open(int rank, int size) throws MPIException, IOException {
        Intracomm exchange = CheckerComm.get();
        long[] hosts = DirectExchange.allGather(exchange, ChannelEndpoints.hostKey());
        boolean oneHost = true;
        for (long h : hosts) {
            oneHost &= h == hosts[0];
        }
        ServerSocketChannel server = ChannelProvider.get().openServerSocketChannel();
        server.bind(new InetSocketAddress(ChannelEndpoints.listenAddress(oneHost), 0), size);
        byte[] secret = rank == 0 ? ChannelEndpoints.newSecret() : new byte[ChannelEndpoints.SECRET_BYTES];
        byte[] mine = ChannelEndpoints.record((InetSocketAddress) server.getLocalAddress(), secret);
        byte[] all = DirectExchange.allGather(exchange, mine);
        return new Mailbox(rank, server, ChannelEndpoints.fromRecords(all, size));
    }
}
