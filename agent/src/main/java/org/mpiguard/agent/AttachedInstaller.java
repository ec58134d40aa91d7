package org.mpiguard.agent;

import java.lang.instrument.Instrumentation;
import java.util.concurrent.atomic.AtomicBoolean;
import net.bytebuddy.agent.builder.AgentBuilder;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.utility.JavaModule;
import org.mpiguard.core.Guard;
import org.mpiguard.core.options.ClassFilter;

/**
 * The attach path: when the agent is loaded into a running JVM, classes already loaded
 * must be retransformed, which Byte Buddy's AgentBuilder does well. Kept apart so that
 * the start-up path never loads the builder's classes.
 */
final class AttachedInstaller {

    private AttachedInstaller() {
    }

    static void install(ClassFilter filter, TrampolineIndex index, Instrumentation instrumentation) {
        newAgentBuilder()
                .disableClassFormatChanges()
                .with(AgentBuilder.RedefinitionStrategy.RETRANSFORMATION)
                .with(AgentBuilder.TypeStrategy.Default.DECORATE)
                .with(AgentBuilder.InitializationStrategy.NoOp.INSTANCE)
                .with(new FaultListener())
                .ignore((type, loader, module, classBeingRedefined, protectionDomain) -> !filter.accepts(type.getName()))
                .type((type, loader, module, classBeingRedefined, protectionDomain) -> true)
                .transform((b, type, loader, module, protectionDomain) -> b.visit(new RewritingVisitorWrapper(index)))
                .installOn(instrumentation);
    }

    /**
     * Byte Buddy's default builder prepares its Nexus, a class-injection channel this agent
     * never uses (it only rewrites bytes, and installs no initializers), and on JDK 24+
     * that preparation prints sun.misc.Unsafe deprecation warnings into the program's
     * stderr. Byte Buddy reads this property once, while its Nexus class initializes; the
     * shade plugin relocates the literal along with the package, and the property is
     * removed again so the program sees no trace of it.
     */
    private static AgentBuilder newAgentBuilder() {
        String nexusDisabled = "net.bytebuddy.nexus.disabled";
        String before = System.getProperty(nexusDisabled);
        System.setProperty(nexusDisabled, "true");
        try {
            return new AgentBuilder.Default();
        } finally {
            if (before == null) {
                System.clearProperty(nexusDisabled);
            } else {
                System.setProperty(nexusDisabled, before);
            }
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
