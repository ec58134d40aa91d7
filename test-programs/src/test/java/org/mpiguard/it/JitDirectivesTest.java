package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent adds compiler directives that keep the checker out of the program's compiled
 * methods (agent/JitDirectives), on JDK 17 and 25, and leaves a program's own directives alone.
 */
class JitDirectivesTest {

    /** The families' entries: the checker's one directive besides the one every method takes. */
    private static final String OURS = "org/mpiguard/core/activity/ThreadActivity.enter";
    private static final String NO_INLINE = "-org/mpiguard/advice/*.*";

    @TempDir
    Path dir;

    private static MpiRun.Result printed(MpiRun run) throws Exception {
        MpiRun.Result r = run.runSingleton();
        assertFalse(r.timedOut(), r.toString());
        assertEquals(0, r.exitCode(), r.toString());
        return r;
    }

    @Test
    void theAgentAddsItsDirectivesOnJdk17And25() throws Exception {
        for (String java : new String[] {MpiRun.JDK17_JAVA, MpiRun.JDK25_JAVA}) {
            Set<Path> before = directiveFiles(dir);
            // the agent writes its directives file into the JVM's temporary directory: this test's own
            MpiRun.Result r = printed(MpiRun.program("jit.PrintDirectives").java(java).withAgent("")
                    .jvmArg("-Djava.io.tmpdir=" + dir));
            assertTrue(r.stdout().lines().anyMatch(l -> l.startsWith("matching:") && l.contains(OURS)
                    && l.contains("org/mpiguard/advice/Blocking.*")), java + "\n" + r);
            assertTrue(r.stdout().contains("+org/mpiguard/advice/buffers/NioAccess.*") && r.stdout().contains(NO_INLINE),
                    java + "\n" + r);
            // the recording path compiles as the rest of the checker does: it has no directive of its own
            assertFalse(r.stdout().lines().anyMatch(l -> l.trim().startsWith("matching:") && l.contains("org/mpiguard/core/trace/")),
                    java + "\n" + r);
            String program = directiveMatching(r.stdout(), "*.*", "NioAccess");
            int c2 = program.indexOf("c2 directives:");
            assertTrue(c2 > 0, java + "\n" + program);
            assertFalse(program.substring(0, c2).contains("BufferWatch"),
                    "C1 inlines the accessor alone into the program\n" + java + "\n" + program);
            assertTrue(program.substring(c2).contains("+org/mpiguard/advice/buffers/BufferWatch.store*")
                    && !program.contains("knownClear"), "C2 inlines the fast path, not the clear look-up\n"
                    + java + "\n" + program);
            // the families' entries have a directive of their own, for C2 only (it excludes them from
            // compiling alone; the JVM's print leaves the option out, LogCompilation shows it taken)
            String entries = directiveMatching(r.stdout(), "org/mpiguard/core/activity/ThreadActivity.enter");
            int entriesC2 = entries.indexOf("c2 directives:");
            assertTrue(entriesC2 > 0 && entries.substring(entriesC2).contains("Enable:true")
                    && entries.substring(0, entriesC2).contains("Enable:false")
                    && !entries.contains("org/mpiguard/core/trace/"), java + "\n" + entries);
            assertFalse(r.stderr().contains("Exception"), r.toString());
            assertEquals(before, directiveFiles(dir), "the directives file is removed");
        }
    }

    /** The printed block of the directive whose match line contains {@code pattern}. */
    private static String directiveMatching(String printed, String pattern) {
        return directiveMatching(printed, pattern, "");
    }

    /** As {@link #directiveMatching(String, String)}, the first such block that also contains {@code also}. */
    private static String directiveMatching(String printed, String pattern, String also) {
        for (String block : printed.split("Directive:")) {
            if (block.contains(also) && block.lines().anyMatch(l -> l.trim().startsWith("matching:") && l.contains(pattern))) {
                return block;
            }
        }
        return "";
    }

    private static Set<Path> directiveFiles(Path tmpDir) throws Exception {
        try (Stream<Path> tmp = Files.list(tmpDir)) {
            return tmp.filter(p -> p.getFileName().toString().startsWith("mpiguard-jit-")).collect(Collectors.toSet());
        }
    }

    @Test
    void withoutTheAgentOnlyTheDefaultDirectiveIsThere() throws Exception {
        MpiRun.Result r = printed(MpiRun.program("jit.PrintDirectives").programArg("500"));
        assertFalse(r.stdout().contains("org/mpiguard"), r.toString());
        assertTrue(r.stdout().contains("matching: *.*"), r.toString());
    }

    @Test
    void aProgramsOwnDirectivesAreLeftAlone() throws Exception {
        Path own = dir.resolve("own.json");
        Files.writeString(own, "[ { match: \"app/Hot.loop\", inline: \"-app/Cold.*\" } ]");
        MpiRun.Result r = printed(MpiRun.program("jit.PrintDirectives").withAgent("").programArg("1500")
                .jvmArg("-XX:+UnlockDiagnosticVMOptions").jvmArg("-XX:CompilerDirectivesFile=" + own));
        assertTrue(r.stdout().contains("matching: app/Hot.loop"), r.toString());
        assertFalse(r.stdout().contains(OURS), r.toString());
        assertFalse(r.stdout().contains(NO_INLINE), r.toString());
    }
}
