package org.mpiguard.analyzer;

import java.io.IOException;

/**
 * The coordinator's line to one block of a spread analysis: a request sent, its reply taken
 * later, so that blocks in other processes work on their requests at the same time.
 */
interface BlockLink {

    void send(byte[] request) throws IOException;

    byte[] receive() throws IOException;

    /** A block in this process: it answers at once. */
    static BlockLink local(BlockServer server) {
        return new BlockLink() {
            private byte[] reply;

            @Override
            public void send(byte[] request) {
                reply = server.handle(request);
            }

            @Override
            public byte[] receive() {
                byte[] r = reply;
                reply = null;
                return r;
            }
        };
    }
}
