package org.mpiguard.agent;

import java.lang.instrument.Instrumentation;
import org.mpiguard.core.ExitCodes;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.options.OptionsException;

/**
 * The agent's entry point, kept tiny: read the options, stop the JVM with a clear
 * message if they are wrong, otherwise install the rewriter. A failure to install is
 * said once and the program runs unchecked; it is never thrown at the JVM.
 */
public final class MpiGuardAgent {

    private MpiGuardAgent() {
    }

    public static void premain(String agentArgs, Instrumentation instrumentation) {
        start(agentArgs, instrumentation, false);
    }

    /** Attached to a running JVM: classes already loaded are rewritten by retransformation. */
    public static void agentmain(String agentArgs, Instrumentation instrumentation) {
        start(agentArgs, instrumentation, true);
    }

    private static void start(String agentArgs, Instrumentation instrumentation, boolean attached) {
        Options options;
        try {
            options = Options.fromEnvironment(agentArgs);
        } catch (OptionsException e) {
            System.err.println(e.getMessage());
            System.err.flush();
            Runtime.getRuntime().halt(ExitCodes.BAD_OPTIONS);
            return;
        }
        try {
            AgentInstaller.install(options, instrumentation, attached);
        } catch (Throwable t) {
            System.err.println("[MPIGuard] could not install the agent (" + t + "); the program runs unchecked.");
        }
    }
}
