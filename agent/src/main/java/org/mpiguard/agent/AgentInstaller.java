package org.mpiguard.agent;

import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.util.concurrent.atomic.AtomicBoolean;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;
import org.mpiguard.adapter.Guard;
import org.mpiguard.core.options.ClassFilter;
import org.mpiguard.core.options.Options;

/** Builds the Byte Buddy agent that rewrites MPI call sites, and registers it. */
final class AgentInstaller {

    private AgentInstaller() {
    }

    static void install(Options options, Instrumentation instrumentation, boolean attached) throws IOException {
        Guard.configure(options);
        TrampolineIndex index = TrampolineIndex.load();
        ClassFilter filter = options.classFilter();
        AgentBuilder base = new AgentBuilder.Default();
        if (attached) {
            base = base.disableClassFormatChanges().with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION);
        }
        AgentBuilder rewriting = base
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(new FaultListener())
                .ignore((type, loader, module, classBeingRedefined, protectionDomain) -> !filter.accepts(type.getName()))
                .type((type, loader, module, classBeingRedefined, protectionDomain) -> true)
                .transform((b, type, loader, module, protectionDomain) -> b.visit(new RewritingVisitorWrapper(index)));
        if (attached) {
            rewriting.installOn(instrumentation);
        } else {
            instrumentation.addTransformer(new FilteringTransformer(filter, rewriting.makeRaw()), false);
        }
    }

    /** A class that cannot be rewritten is said once and then loads unchanged. */
    private static final class FaultListener extends AgentBuilder.Listener.Adapter {
        private final AtomicBoolean said = new AtomicBoolean();

        @Override
        public void onError(String typeName, ClassLoader classLoader, JavaModule module, boolean loaded,
                            Throwable throwable) {
            if (said.compareAndSet(false, true)) {
                Guard.fault("rewriting class " + typeName, throwable);
            }
        }

        @Override
        public void onTransformation(TypeDescription typeDescription, ClassLoader classLoader, JavaModule module,
                                     boolean loaded, DynamicType dynamicType) {
        }
    }
}
