package org.mpiguard.bench;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link MpiCalls} in JVMs started with the agent, its options from the
 * {@code MPIGUARD_OPTIONS} environment variable. The path is relative: run JMH from the
 * project root (scripts/bench.sh --jmh does).
 */
@Fork(value = 1, jvmArgsAppend = "-javaagent:agent/target/mpiguard-agent.jar")
public class MpiCallsAgentOn extends MpiCalls {

    @Override
    protected boolean underAgent() {
        return true;
    }
}
