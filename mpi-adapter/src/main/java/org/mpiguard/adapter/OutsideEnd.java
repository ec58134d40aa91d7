package org.mpiguard.adapter;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Whether this JVM is ending because something outside the program ended it: the
 * program's own MPI abort, or a signal (mpirun sends SIGTERM to every rank once any rank
 * aborted or died). A rank ended that way did not forget MPI.Finalize, so the shutdown
 * hook says nothing of it. The signal handlers chain to the ones they replace, so the
 * JVM still ends (and runs its hooks) exactly as it would have.
 */
final class OutsideEnd {

    private static volatile boolean ended;

    private OutsideEnd() {
    }

    static boolean happened() {
        return ended;
    }

    /** The program called abort: whatever follows on any rank is its own doing. */
    static void programAborted() {
        ended = true;
    }

    static void watchSignals() {
        for (String name : new String[] {"TERM", "INT", "HUP"}) {
            try {
                Chained handler = new Chained();
                handler.previous = Signal.handle(new Signal(name), handler);
            } catch (Throwable t) {
                // -Xrs or a signal the JVM reserves: the hook then cannot tell, and may warn
            }
        }
    }

    /** Notes the signal, then does what was there before (a class, not a lambda: issue 23). */
    private static final class Chained implements SignalHandler {
        private volatile SignalHandler previous;

        @Override
        public void handle(Signal s) {
            ended = true;
            SignalHandler p = previous;
            if (p == SignalHandler.SIG_DFL || p == SignalHandler.SIG_IGN || p == null) {
                // SIG_DFL would end the JVM without hooks; ending it as the JVM's own handler does
                if (p != SignalHandler.SIG_IGN) {
                    System.exit(128 + s.getNumber());
                }
            } else {
                p.handle(s);
            }
        }
    }
}
