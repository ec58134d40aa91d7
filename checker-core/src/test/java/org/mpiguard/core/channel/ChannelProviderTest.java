package org.mpiguard.core.channel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.spi.SelectorProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The watchdogs' sockets come from the JDK's own provider where the agent exported it, else from the look-up. */
class ChannelProviderTest {

    @Test
    void withoutTheExportItIsTheLookUpsProvider() {
        assertFalse(ChannelProvider.direct(), "this test JVM does not export sun.nio.ch");
        assertSame(SelectorProvider.provider(), ChannelProvider.get());
    }

    @Test
    void withTheExportSocketsAndSelectorsOpenWithoutTheLookUp() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(List.of(java.toString(), "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
                "-verbose:class", "-cp", System.getProperty("java.class.path"), Probe.class.getName()))
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("direct=true listening=true"), out);
        assertFalse(out.contains("java.nio.channels.spi.SelectorProvider$Holder"), "the look-up never ran\n" + out);
    }

    /** Opens what the channel opens, through the provider: a listening socket, its selector, a socket. */
    public static final class Probe {
        public static void main(String[] args) throws IOException {
            try (ServerSocketChannel server = ChannelProvider.get().openServerSocketChannel();
                 Selector selector = server.provider().openSelector()) {
                server.bind(new InetSocketAddress("127.0.0.1", 0));
                ChannelProvider.get().openSocketChannel().close();
                System.out.println("direct=" + ChannelProvider.direct() + " listening=" + (server.getLocalAddress() != null
                        && selector.isOpen()));
            }
        }
    }
}
