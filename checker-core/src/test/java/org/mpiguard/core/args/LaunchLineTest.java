package org.mpiguard.core.args;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** The command line MPI.INFO_ENV reports, as Open MPI 4.1.4 built it with and without the flag (measured). */
class LaunchLineTest {

    private static final String FLAG = "-javaagent:/a/mpiguard-agent.jar=report=/r";

    @Test
    void aFlagBeforeTheClassPathGivesBackTheClassAsCommandAndTheProgramArgumentsAsArgv() {
        // plain: command=T2 argv="x y"; with the flag first: command=FLAG argv="-cp CP T2 x y"
        assertArrayEquals(new String[] {"T2", "x y"}, LaunchLine.withoutFlag(FLAG, "-cp /w:/m/mpi.jar:. T2 x y", FLAG));
    }

    @Test
    void aFlagAfterTheClassPathGivesBackTheClassAsCommand() {
        assertArrayEquals(new String[] {"T2", "x y"}, LaunchLine.withoutFlag(FLAG, "T2 x y", FLAG));
    }

    @Test
    void aProgramWithoutArgumentsHasNoArgvAgain() {
        assertArrayEquals(new String[] {"T2", null}, LaunchLine.withoutFlag(FLAG, "T2", FLAG));
    }

    @Test
    void anotherJvmOptionFirstStaysTheCommandAsWithoutTheAgentAndOnlyTheFlagLeavesArgv() {
        assertArrayEquals(new String[] {"-Xmx1g", "-cp CP T2 x"},
                LaunchLine.withoutFlag("-Xmx1g", FLAG + " -cp CP T2 x", FLAG));
    }

    @Test
    void aLineWithoutTheFlagIsUnchanged() {
        assertArrayEquals(new String[] {"T2", "x y"}, LaunchLine.withoutFlag("T2", "x y", FLAG));
        assertArrayEquals(new String[] {"T2", "x y"}, LaunchLine.withoutFlag("T2", "x y", null));
    }
}
