package org.mpiguard.agent;

import java.lang.instrument.Instrumentation;
import java.nio.Buffer;
import java.util.Map;
import java.util.Set;
import org.mpiguard.advice.buffers.DirectAddress;

/**
 * The buffer watch finds a buffer by its memory range, and the address of a direct
 * buffer is {@code sun.nio.ch.DirectBuffer.address()}, in a package java.base does not
 * export. The agent exports it to its own module only (the program's module graph is
 * otherwise unchanged, and no --add-exports is needed on the command line); if that is
 * refused the watch is off and accessors are left unrewritten.
 */
final class BufferAddresses {

    private BufferAddresses() {
    }

    static boolean open(Instrumentation instrumentation) {
        try {
            Module javaBase = Buffer.class.getModule();
            Module checker = DirectAddress.class.getModule();
            if (!javaBase.isExported("sun.nio.ch", checker)) {
                instrumentation.redefineModule(javaBase, Set.of(), Map.of("sun.nio.ch", Set.of(checker)), Map.of(),
                        Set.of(), Map.of());
            }
            return DirectAddress.available();
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }
}
