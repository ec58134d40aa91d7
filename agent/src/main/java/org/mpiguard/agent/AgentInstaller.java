package org.mpiguard.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import org.mpiguard.core.Guard;
import org.mpiguard.core.options.CheckFamily;
import org.mpiguard.core.options.ClassFilter;
import org.mpiguard.core.options.Options;

/**
 * Registers the call-site rewriter: a plain transformer over the ASM shipped inside Byte
 * Buddy ({@link CallSiteTransformer}); when attached to a running JVM, the same transformer
 * also retransforms the classes already loaded ({@link AttachedInstaller}).
 */
final class AgentInstaller {

    private AgentInstaller() {
    }

    static void install(Options options, Instrumentation instrumentation, boolean attached) throws IOException {
        Guard.configure(options);
        JitDirectives.addInBackground(instrumentation);
        boolean exported = NioInternals.export(instrumentation);
        boolean watch = options.enabled(CheckFamily.BUFFERS) && NioInternals.bufferWatch(exported);
        TrampolineIndex index = TrampolineIndex.load(watch);
        ClassFilter filter = options.classFilter();
        if (!attached) {
            instrumentation.addTransformer(new CallSiteTransformer(filter, index), false);
            return;
        }
        AttachedInstaller.install(filter, index, instrumentation);
    }
}
