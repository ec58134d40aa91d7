package org.mpiguard.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CheckerFramesTest {

    private static StackTraceElement frame(String cls, String method, int line) {
        return new StackTraceElement(cls, method, cls.substring(cls.lastIndexOf('.') + 1) + ".java", line);
    }

    @Test
    void removesEveryCheckerFrameAndKeepsTheOrderOfTheRest() {
        Exception thrown = new Exception("MPI is finalized.");
        StackTraceElement check = frame("mpi.MPI", "check", 654);
        StackTraceElement barrier = frame("mpi.Comm", "barrier", 1224);
        StackTraceElement main = frame("OSULatency", "main", 85);
        thrown.setStackTrace(new StackTraceElement[] {check, barrier,
            frame("org.mpiguard.advice.gen.IntracommCalls", "barrier", 292),
            frame("org.mpiguard.adapter.MpiRuntime", "finalizeRun", 10), main});
        CheckerFrames.hide(thrown);
        assertArrayEquals(new StackTraceElement[] {check, barrier, main}, thrown.getStackTrace());
    }

    @Test
    void programsInTheProjectsNamespaceKeepTheirFrames() {
        assertFalse(CheckerFrames.isChecker("org.mpiguard.programs.correct.Hello"));
        assertFalse(CheckerFrames.isChecker("org.mpiguard.adviceX.Foo"));
        assertTrue(CheckerFrames.isChecker("org.mpiguard.core.Guard"));
        assertTrue(CheckerFrames.isChecker("org.mpiguard.agent.MpiGuardAgent"));
    }

    @Test
    void aTraceOfNothingButCheckerFramesIsLeftWhole() {
        Exception thrown = new Exception();
        StackTraceElement[] ours = {frame("org.mpiguard.core.Guard", "report", 1)};
        thrown.setStackTrace(ours);
        CheckerFrames.hide(thrown);
        assertEquals(1, thrown.getStackTrace().length);
    }

    @Test
    void anExceptionWithoutAWritableTraceIsLeftAlone() {
        Exception unwritable = new Exception("no trace", null, false, false) {
        };
        CheckerFrames.hide(unwritable);
        assertEquals(0, unwritable.getStackTrace().length);
    }
}
