package org.mpiguard.bench;

import org.openjdk.jmh.annotations.Fork;

/** {@link MpiCalls} in plain JVMs: the baseline. */
@Fork(1)
public class MpiCallsAgentOff extends MpiCalls {

    @Override
    protected boolean underAgent() {
        return false;
    }
}
