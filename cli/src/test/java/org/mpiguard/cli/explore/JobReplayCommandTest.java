package org.mpiguard.cli.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.cli.run.JobLine;

class JobReplayCommandTest {

    @Test
    void withTheArchiveOffAReplayStartsTheLineAsWrittenWithTheAgentAfterTheClassPath() {
        Path jar = Path.of("/opt/mpiguard/lib/mpiguard-agent.jar");
        JobLine line = JobLine.parse(List.of("mpirun", "-np", "2", "java", "-cp", "app.jar", "Main"));
        JobReplay replay = new JobReplay(line, jar, List.of("include=com.acme.*"), Duration.ofSeconds(30), false);
        List<String> command = replay.command(Path.of("/tmp/replay-1"));
        assertEquals("mpirun", command.get(0));
        assertEquals(List.of("--output-filename", "/tmp/replay-1/ranks"), command.subList(1, 3),
                "each replay keeps its ranks' output apart");
        int java = command.indexOf("java");
        assertTrue(java > 0, "started as java, not env java: " + command);
        assertEquals(List.of("-cp", "app.jar"), command.subList(java + 1, java + 3));
        String agent = command.get(java + 3);
        assertTrue(agent.startsWith("-javaagent:" + jar + "=include=com.acme.*,report=/tmp/replay-1"), agent);
        assertEquals(List.of("Main"), command.subList(java + 4, command.size()));
    }
}
