package org.mpiguard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.ExitCodes;
import picocli.CommandLine;

/** {@code mpiguard analyze} is a subcommand of the {@code mpiguard} command. */
class AnalyzeSubcommandTest {

    @TempDir
    Path dir;

    @Test
    void analyzeIsListedAndRunsOnADirectory() {
        CommandLine line = new CommandLine(new Mpiguard());
        assertTrue(line.getSubcommands().containsKey("analyze"), line.getSubcommands().keySet().toString());
        StringWriter help = new StringWriter();
        line.setOut(new PrintWriter(help));
        assertEquals(0, line.execute("analyze", "--help"));
        assertTrue(help.toString().contains("DIR"), help.toString());
        // an empty directory holds no trace
        assertEquals(ExitCodes.NO_READABLE_TRACE, new CommandLine(new Mpiguard()).execute("analyze", dir.toString()));
    }
}
