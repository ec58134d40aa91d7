package org.mpiguard.core.channel;

import java.nio.channels.spi.SelectorProvider;

/**
 * The selector provider the watchdogs' sockets are opened with: the JDK's own
 * ({@code sun.nio.ch.DefaultSelectorProvider}, which the agent exports to the checker) rather
 * than {@code SelectorProvider.provider()}, whose first call looks for a provider among the
 * services of the whole class path and the JDK's modules: 18 of the 110 ms a hello world's
 * rank spent in the agent, started from the class-data archive (async-profiler, 5 runs;
 * docs/overhead.md, stop 50). A program that sets a provider of its own keeps it for its own
 * channels. Unreachable (the package not exported), the look-up it is.
 */
public final class ChannelProvider {

    private ChannelProvider() {
    }

    public static SelectorProvider get() {
        return Holder.PROVIDER;
    }

    /** Whether the JDK's own provider was reached directly. */
    static boolean direct() {
        return Holder.DIRECT;
    }

    private static final class Holder {
        static final SelectorProvider DIRECT_PROVIDER = jdkDefault();
        static final boolean DIRECT = DIRECT_PROVIDER != null;
        static final SelectorProvider PROVIDER = DIRECT ? DIRECT_PROVIDER : SelectorProvider.provider();
    }

    private static SelectorProvider jdkDefault() {
        try {
            Object p = Class.forName("sun.nio.ch.DefaultSelectorProvider", true, null).getMethod("get").invoke(null);
            return p instanceof SelectorProvider provider ? provider : null;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }
}
