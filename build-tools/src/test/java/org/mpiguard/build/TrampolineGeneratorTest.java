package org.mpiguard.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertTrue(methods > 50, "methods: " + methods);
        assertTrue(hidden == methods, hidden + " of " + methods + " trampolines hide the checker's frames");
        assertTrue(source.contains("            throw thrown;\n"), "rethrown unchanged");
        assertFalse(source.contains("MpiFailure"), "no rule raises: no trampoline unwraps a carrier");
    }

    @Test
    void theTrampolineOfARaisingRuleUnwrapsTheCarrierAndRethrowsTheRestUnchanged(@TempDir Path dir) throws Exception {
        Path rules = Files.createDirectories(dir.resolve("rules"));
        Files.write(rules.resolve("raising.rules"), List.of("Comm.getRank check org.mpiguard.build.RaisingFamily.check(site)"));
        TrampolineGenerator.generate(dir.resolve("src"), dir.resolve("classes"), rules,
                classPath() + File.pathSeparator + testClasses());
        String source = Files.readString(dir.resolve("src/org/mpiguard/advice/gen/IntracommCalls.java"));
        String getRank = source.substring(source.indexOf(" getRank("), source.indexOf("\n    }\n", source.indexOf(" getRank(")));
        assertTrue(getRank.contains("} catch (org.mpiguard.core.MpiFailure failure) {\n"
                + "            throw org.mpiguard.core.MpiFailure.<mpi.MPIException>rethrown(failure);\n"
                + "        } catch (Throwable thrown) {"), getRank);
        assertEquals(1, source.split("MpiFailure failure", -1).length - 1, "only the raising rule's trampoline unwraps");
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
        assertEquals(List.of("raising.rules:2: may raise the binding's MPIException (declares MpiFailure), but"
                + " Status.getSource does not declare it"), e.errors(), e.getMessage());
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
