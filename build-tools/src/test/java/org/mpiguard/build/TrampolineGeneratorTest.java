package org.mpiguard.build;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.Guard;
import org.mpiguard.core.index.TrampolineEntry;

class TrampolineGeneratorTest {

    /** mpi.jar and checker-core: what the generated trampolines compile against here. */
    private static String classPath() throws Exception {
        return Path.of(mpi.Comm.class.getProtectionDomain().getCodeSource().getLocation().toURI()) + File.pathSeparator
                + Path.of(Guard.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void rulesThatCompileGiveEveryPublicMethodATrampolineAndAnIndexLine(@TempDir Path dir) throws Exception {
        Path rules = Files.createDirectories(dir.resolve("rules"));
        Files.write(rules.resolve("ok.rules"), List.of("Comm.barrier check org.mpiguard.core.Guard.options()"));
        List<TrampolineEntry> index = TrampolineGenerator.generate(dir.resolve("src"), dir.resolve("classes"), rules,
                classPath());
        assertTrue(index.size() > 1000, "entries: " + index.size());
        assertTrue(index.stream().anyMatch(e -> e.op().equals("Comm.barrier") && e.owner().equals("mpi/Intracomm")));
        List<String> written = Files.readAllLines(dir.resolve("classes").resolve(TrampolineEntry.RESOURCE));
        assertFalse(written.isEmpty());
        for (String line : written) {
            assertTrue(TrampolineEntry.parse(line) != null, line);
        }
        assertTrue(Files.isRegularFile(dir.resolve("classes/org/mpiguard/advice/gen/CommCalls.class")));
    }

    @Test
    void everyMethodTrampolineHandsWhatLeavesItToCheckerFramesAndRethrowsIt(@TempDir Path dir) throws Exception {
        Path rules = Files.createDirectories(dir.resolve("rules"));
        Files.write(rules.resolve("ok.rules"), List.of("Comm.barrier check org.mpiguard.core.Guard.options()"));
        TrampolineGenerator.generate(dir.resolve("src"), dir.resolve("classes"), rules, classPath());
        String source = Files.readString(dir.resolve("src/org/mpiguard/advice/gen/IntracommCalls.java"));
        long methods = source.lines().filter(l -> l.startsWith("    public static ")).count();
        long hidden = source.lines().filter(l -> l.trim().equals("org.mpiguard.core.CheckerFrames.hide(thrown);"))
                .count();
        long unwrapped = source.lines().filter(l -> l.trim().equals(
                "throw org.mpiguard.core.MpiFailure.<mpi.MPIException>rethrown(thrown);")).count();
        assertTrue(methods > 50, "methods: " + methods);
        assertTrue(unwrapped > 50, "trampolines of methods declaring MPIException unwrap carriers: " + unwrapped);
        assertTrue(hidden > 0, "methods without MPIException hide the frames and rethrow: " + hidden);
        assertTrue(hidden + unwrapped == methods, hidden + " + " + unwrapped + " of " + methods
                + " trampolines end with the checker's frames hidden");
        assertTrue(source.contains("            throw thrown;\n"), "rethrown unchanged");
    }

    @Test
    void aFamilyThatMayRaiseCannotBeCalledFromACallThatCannotThrowMpiException(@TempDir Path dir) throws Exception {
        Path rules = Files.createDirectories(dir.resolve("rules"));
        // Comm.getRank declares MPIException: a raising family is fine there; Status.getSource does not.
        Files.write(rules.resolve("raising.rules"), List.of(
                "Comm.getRank check org.mpiguard.build.RaisingFamily.check(site)",
                "Status.getSource check org.mpiguard.build.RaisingFamily.check(site)"));
        RuleErrors e = assertThrows(RuleErrors.class, () -> TrampolineGenerator.generate(dir.resolve("src"),
                dir.resolve("classes"), rules, classPath() + File.pathSeparator + testClasses()));
        assertTrue(e.errors().stream().allMatch(m -> m.startsWith("raising.rules:2 (generated ")), e.getMessage());
        assertTrue(e.getMessage().contains("MpiFailure"), e.getMessage());
    }

    private static String testClasses() throws Exception {
        return Path.of(RaisingFamily.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    @Test
    void aRuleWhoseCodeDoesNotCompileFailsTheBuildAtItsLine(@TempDir Path dir) throws Exception {
        Path rules = Files.createDirectories(dir.resolve("rules"));
        Files.write(rules.resolve("broken.rules"), List.of("# a rule javac rejects: options() takes no argument",
                "Comm.barrier check org.mpiguard.core.Guard.options(site)"));
        RuleErrors e = assertThrows(RuleErrors.class, () -> TrampolineGenerator.generate(dir.resolve("src"),
                dir.resolve("classes"), rules, classPath()));
        assertTrue(e.errors().stream().allMatch(m -> m.startsWith("broken.rules:2 (generated ")), e.getMessage());
    }
}
