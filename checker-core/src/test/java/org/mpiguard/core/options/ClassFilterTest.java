package org.mpiguard.core.options;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClassFilterTest {

    @Test
    void withoutIncludesEveryUserClassIsAccepted() {
        ClassFilter f = ClassFilter.of("", "");
        assertTrue(f.accepts("com.acme.Main"));
        assertTrue(f.accepts("Main"));
    }

    @Test
    void theJdkTheBindingsAndTheCheckerItselfAreNeverAccepted() {
        ClassFilter f = ClassFilter.of("*", "");
        assertFalse(f.accepts("java.lang.String"));
        assertFalse(f.accepts("jdk.internal.misc.Unsafe"));
        assertFalse(f.accepts("mpi.Comm"));
        assertFalse(f.accepts("org.mpiguard.advice.gen.CommCalls"));
        assertFalse(f.accepts("org.mpiguard.adapter.Watchdog"));
        assertFalse(f.accepts("org.mpiguard.shaded.bytebuddy.ByteBuddy"));
        assertTrue(f.accepts("org.mpiguard.programs.demo.HaloExchange"));
    }

    @Test
    void includeGlobsSelectPackagesAndTheirSubPackages() {
        ClassFilter f = ClassFilter.of("com.acme.*:org.lab.Solver", "");
        assertTrue(f.accepts("com.acme.Main"));
        assertTrue(f.accepts("com.acme.deep.Kernel$1"));
        assertTrue(f.accepts("org.lab.Solver"));
        assertFalse(f.accepts("org.lab.SolverTest"));
        assertFalse(f.accepts("com.acmex.Main"));
    }

    @Test
    void excludesWinOverIncludes() {
        ClassFilter f = ClassFilter.of("com.acme.*", "com.acme.generated.*");
        assertTrue(f.accepts("com.acme.Main"));
        assertFalse(f.accepts("com.acme.generated.Stub"));
    }

    @Test
    void globMetacharactersOtherThanStarAndQuestionMarkAreLiteral() {
        ClassFilter f = ClassFilter.of("a.b$C", "");
        assertTrue(f.accepts("a.b$C"));
        assertFalse(f.accepts("aXb$C"));
    }
}
