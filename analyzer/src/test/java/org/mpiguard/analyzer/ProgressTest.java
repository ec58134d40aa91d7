package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ProgressTest {

    @Test
    void theBarIsRedrawnInPlaceAndClearedAtTheEnd() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        p.plan(4);
        p.step("reading trace-rank0.mpgt");
        p.step("matching messages");
        String drawn = bytes.toString(StandardCharsets.UTF_8);
        String[] frames = drawn.split("\r");
        assertEquals(3, frames.length, "each step starts with a carriage return, no new line: " + drawn);
        assertTrue(frames[1].startsWith("[MPIGuard] analyze [#######.......................] 1/4 reading"), frames[1]);
        assertTrue(frames[2].startsWith("[MPIGuard] analyze [###############...............] 2/4 matching messages"),
                frames[2]);
        assertTrue(frames[2].length() >= frames[1].length(), "a shorter line blanks what the longer one left");
        p.finish();
        String all = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(all.endsWith("\r"), "the line is blanked and the cursor back at its start");
        assertTrue(!all.contains("\n"), "the bar never scrolls the terminal");
    }

    @Test
    void withoutATerminalNothingIsDrawn() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress p = Progress.onTerminal(err, true);   // tests run without a console
        p.plan(2);
        p.step("matching messages");
        p.finish();
        assertEquals(0, bytes.size());
        Progress.onTerminal(err, false).step("x");
        assertEquals(0, bytes.size(), "--quiet draws nothing either");
    }
}
