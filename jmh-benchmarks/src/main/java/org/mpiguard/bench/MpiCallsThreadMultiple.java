package org.mpiguard.bench;

import org.openjdk.jmh.annotations.Fork;

/**
 * {@link MpiCalls} in plain JVMs that initialise MPI at THREAD_MULTIPLE, as the agent
 * does for its watchdog: the second baseline, so the agent's cost splits into Open MPI's
 * thread level and the checker's own work.
 */
@Fork(1)
public class MpiCallsThreadMultiple extends MpiCalls {

    @Override
    protected boolean underAgent() {
        return false;
    }

    @Override
    protected boolean threadMultiple() {
        return true;
    }
}
