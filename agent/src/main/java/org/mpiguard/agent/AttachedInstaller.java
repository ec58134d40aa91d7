package org.mpiguard.agent;

import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.Guard;
import org.mpiguard.core.options.ClassFilter;

/**
 * The attach path: when the agent is loaded into a running JVM, the classes already loaded
 * are rewritten too, by retransformation through the same transformer as at start-up. The
 * rewrite changes method bodies only (a call becomes a static call), which retransformation
 * allows. Without Byte Buddy's AgentBuilder the agent jar carries only the ASM it uses
 * (some 3,000 class files fewer for every JVM to open; docs/overhead.md).
 */
final class AttachedInstaller {

    /** Classes retransformed per call: one bad class fails its batch, which is then retried one by one. */
    private static final int BATCH = 64;

    private AttachedInstaller() {
    }

    static void install(ClassFilter filter, TrampolineIndex index, Instrumentation instrumentation) {
        instrumentation.addTransformer(new CallSiteTransformer(filter, index), true);
        List<Class<?>> loaded = new ArrayList<>();
        for (Class<?> c : instrumentation.getAllLoadedClasses()) {
            if (c.getClassLoader() != null && !c.isArray() && !c.isPrimitive() && !c.isHidden()
                    && filter.accepts(c.getName()) && instrumentation.isModifiableClass(c)) {
                loaded.add(c);
            }
        }
        for (int from = 0; from < loaded.size(); from += BATCH) {
            List<Class<?>> batch = loaded.subList(from, Math.min(loaded.size(), from + BATCH));
            try {
                instrumentation.retransformClasses(batch.toArray(new Class<?>[0]));
            } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                oneByOne(batch, instrumentation);
            }
        }
    }

    /** A class that cannot be retransformed keeps running unchanged; the first is said, once for all. */
    private static void oneByOne(List<Class<?>> batch, Instrumentation instrumentation) {
        for (Class<?> c : batch) {
            try {
                instrumentation.retransformClasses(c);
            } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
                Guard.fault("rewriting the classes loaded before the agent was attached (first: " + c.getName() + ")",
                        e);
                return;
            }
        }
    }
}
