package org.mpiguard.agent;

import java.lang.instrument.Instrumentation;
import java.nio.Buffer;
import java.util.Map;
import java.util.Set;
import org.mpiguard.advice.buffers.DirectAddress;

/**
 * {@code sun.nio.ch}, which java.base does not export, exported to the checker's module only
 * (the program's module graph is otherwise unchanged, and no --add-exports is needed on the
 * command line). Two things live there: the address of a direct buffer
 * ({@code DirectBuffer.address()}), by which the buffer watch finds a buffer's memory range,
 * and the JDK's own selector provider, which opens the watchdogs' sockets without the look-up
 * of {@code SelectorProvider.provider()} over the whole class path (a sixth of what the agent
 * cost a hello world's start: {@code ChannelProvider}). If the export is refused the watch is
 * off, accessors are left unrewritten, and the sockets come from the look-up.
 */
final class NioInternals {

    private NioInternals() {
    }

    /** Exports the package; true when the checker can reach it. */
    static boolean export(Instrumentation instrumentation) {
        try {
            Module javaBase = Buffer.class.getModule();
            Module checker = DirectAddress.class.getModule();
            if (!javaBase.isExported("sun.nio.ch", checker)) {
                instrumentation.redefineModule(javaBase, Set.of(), Map.of("sun.nio.ch", Set.of(checker)), Map.of(),
                        Set.of(), Map.of());
            }
            return true;
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** The buffer watch can run: the package is exported and a direct buffer's address is read. */
    static boolean bufferWatch(boolean exported) {
        try {
            return exported && DirectAddress.available();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
