package org.mpiguard.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Added options never become the word Open MPI's launcher takes for the class path option
 * (the first holding "cp" or "classpath"), and never land among the program's arguments.
 */
class JvmOptionPlacementTest {

    private static final List<String> CP_FLAG = List.of("-javaagent:/home/cpeters/mpiguard-agent.jar=report=/r");
    private static final List<String> FLAG = List.of("-javaagent:/opt/mpiguard-agent.jar=report=/r");

    @Test
    void afterTheLinesClassPathAndItsValue() {
        assertEquals(List.of("-Xmx1g", "-cp", "a.jar", CP_FLAG.get(0), "-Dx=1", "Main", "arg"),
                JvmOptionPlacement.insert(List.of("-Xmx1g", "-cp", "a.jar", "-Dx=1", "Main", "arg"), CP_FLAG, null));
        assertEquals(List.of("-classpath", "a.jar", FLAG.get(0), "Main"),
                JvmOptionPlacement.insert(List.of("-classpath", "a.jar", "Main"), FLAG, null));
    }

    @Test
    void afterWhateverWordTheLauncherTakesFromTheLineAndTheWordItRewrites() {
        // the launcher takes the line's own -Dlog=/tmp/cp and rewrites -Xss2m, with the agent or without
        assertEquals(List.of("-Dlog=/tmp/cp", "-Xss2m", CP_FLAG.get(0), "-cp", "a", "Main"),
                JvmOptionPlacement.insert(List.of("-Dlog=/tmp/cp", "-Xss2m", "-cp", "a", "Main"), CP_FLAG, null));
    }

    @Test
    void withNoClassPathWordAmongTheOptionsJavasDefaultComesFirstOnlyWhenTheAddedOptionsHoldOne() {
        assertEquals(List.of("-cp", ".", CP_FLAG.get(0), "-jar", "app.jar", "x"),
                JvmOptionPlacement.insert(List.of("-jar", "app.jar", "x"), CP_FLAG, null));
        assertEquals(List.of("-cp", "/lib/*:/app", CP_FLAG.get(0), "Main"),
                JvmOptionPlacement.insert(List.of("Main"), CP_FLAG, "/lib/*:/app"));
        assertEquals(List.of(FLAG.get(0), "-jar", "app.jar"),
                JvmOptionPlacement.insert(List.of("-jar", "app.jar"), FLAG, null));
        // a main class or a program argument holding "cp" is the program's, never a place for options
        assertEquals(List.of(FLAG.get(0), "-Xmx1g", "TcpServer", "--cpus", "4"),
                JvmOptionPlacement.insert(List.of("-Xmx1g", "TcpServer", "--cpus", "4"), FLAG, null));
        assertEquals(List.of("-cp", ".", CP_FLAG.get(0), "TcpServer"),
                JvmOptionPlacement.insert(List.of("TcpServer"), CP_FLAG, ""));
    }

    @Test
    void whatRunsIsFoundPastTwoWordOptionsArgumentFilesAndModules() {
        assertEquals(4, JvmOptionPlacement.whatRuns(List.of("--add-modules", "x", "@args", "-ea", "Main", "a")));
        assertEquals(2, JvmOptionPlacement.whatRuns(List.of("-p", "mods", "-m", "app/Main")));
        assertEquals(1, JvmOptionPlacement.whatRuns(List.of("-Xmx1g", "--module=app/Main")));
        assertEquals(2, JvmOptionPlacement.whatRuns(List.of("-cp", "a")));
    }
}
