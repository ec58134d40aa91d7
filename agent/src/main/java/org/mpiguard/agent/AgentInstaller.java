package org.mpiguard.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import org.mpiguard.core.Guard;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.options.ClassFilter;
import org.mpiguard.core.options.Options;

/**
 * Registers the call-site rewriter: at start-up a plain transformer over Byte Buddy's ASM
 * ({@link CallSiteTransformer}); when attached to a running JVM, Byte Buddy's AgentBuilder
 * with retransformation ({@link AttachedInstaller}).
 */
final class AgentInstaller {

    private AgentInstaller() {
    }

    static void install(Options options, Instrumentation instrumentation, boolean attached) throws IOException {
        Guard.configure(options);
        JitDirectives.addInBackground(instrumentation);
        boolean watch = options.enabled(CheckFamily.BUFFERS) && BufferAddresses.open(instrumentation);
        TrampolineIndex index = TrampolineIndex.load(watch);
        ClassFilter filter = options.classFilter();
        if (!attached) {
            instrumentation.addTransformer(new CallSiteTransformer(filter, index), false);
            return;
        }
        AttachedInstaller.install(filter, index, instrumentation);
    }
}
