package org.mpiguard.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuleTableTest {

    @TempDir
    Path dir;

    private RuleTable table(String file, String... lines) throws Exception {
        Files.write(dir.resolve(file), List.of(lines));
        return RuleTable.read(dir, getClass().getClassLoader());
    }

    /** Every method and constructor of the classes the rules below name, as the generator asks. */
    private static void askAll(RuleTable rules) throws Exception {
        for (Class<?> c : List.of(mpi.Comm.class, mpi.Win.class)) {
            for (var m : BindingScan.publicMethods(c)) {
                rules.forCall(m.getDeclaringClass().getSimpleName(), m.getName(), m);
            }
            for (var k : BindingScan.publicConstructors(c)) {
                rules.forCall(c.getSimpleName(), "<init>", k);
            }
        }
    }

    private static List<String> errorsOf(RuleTable rules) {
        return assertThrows(RuleErrors.class, rules::failOnErrors).errors();
    }

    @Test
    void aWellFormedTableGivesEachMethodItsRulesInFileOrder() throws Exception {
        RuleTable rules = table("good.rules",
                "# a comment",
                "",
                "Comm.barrier check org.mpiguard.core.Guard.options()",
                "Comm.barrier block org.mpiguard.core.activity.RankActivity.current()",
                "Comm.getRank record org.mpiguard.core.Guard.rankKnown(result)");
        askAll(rules);
        rules.failOnErrors();
        MethodRules barrier = rules.forCall("Comm", "barrier", mpi.Comm.class.getMethod("barrier"));
        assertEquals(1, barrier.before().size());
        assertEquals("good.rules:3", barrier.before().get(0).where());
        assertEquals("good.rules:4", barrier.block().where());
        assertNull(barrier.call());
        assertTrue(barrier.before().get(0).code().contains("Guard.fault(\"good.rules:3\""), "fail-open, named by its line");
    }

    @Test
    void aLineThatIsNotARuleNamesItsFileAndLine() throws Exception {
        RuleTable rules = table("bad.rules", "# header", "Comm.barrier befor org.mpiguard.core.Guard.options()");
        assertEquals(List.of("bad.rules:2: expected 'Class.method[(Types)] gate|rewrite|before|after|call|block|check"
                + "|record|error expression'"), errorsOf(rules));
    }

    @Test
    void aGateIsOnePerKeyAndNeverForAConstructor() throws Exception {
        RuleTable rules = table("gate.rules",
                "* gate org.mpiguard.core.Guard.options() == null",
                "Comm.barrier check org.mpiguard.core.Guard.options()",
                "* gate org.mpiguard.core.Guard.options() != null",
                "Win.<init>(Buffer,int,int,Info,Comm) gate org.mpiguard.core.Guard.options() == null");
        MethodRules barrier = rules.forCall("Comm", "barrier", mpi.Comm.class.getMethod("barrier"));
        assertTrue(barrier.gate() != null && barrier.gate().where().startsWith("gate.rules:"), "a gate for barrier");
        assertEquals(1, barrier.before().size());
        askAll(rules);
        List<String> errors = errorsOf(rules);
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("gate.rules:3: a second 'gate' rule for *")),
                errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("gate.rules:4: gate rules exist for methods only")),
                errors.toString());
    }

    @Test
    void aMisspelledClassOrMethodOfTheCheckerFailsAtItsLine() throws Exception {
        RuleTable rules = table("typo.rules",
                "Comm.barrier check org.mpiguard.core.Gaurd.options()",
                "Comm.barrier check org.mpiguard.core.Guard.optoins()");
        askAll(rules);
        List<String> errors = errorsOf(rules);
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.get(0).startsWith("typo.rules:1: unknown class org.mpiguard.core.Gaurd"), errors.get(0));
        assertTrue(errors.get(1).startsWith("typo.rules:2: org.mpiguard.core.Guard has no public static method optoins"),
                errors.get(1));
    }

    @Test
    void theSameRuleTwiceAndASecondBracketFail() throws Exception {
        RuleTable rules = table("twice.rules",
                "Comm.barrier check org.mpiguard.core.Guard.options()",
                "Comm.barrier check org.mpiguard.core.Guard.options()",
                "Comm.barrier block org.mpiguard.core.activity.RankActivity.current()",
                "Comm.barrier block org.mpiguard.core.activity.RankActivity.current().exit()");
        askAll(rules);
        List<String> errors = errorsOf(rules);
        assertTrue(errors.contains("twice.rules:2: the same rule as twice.rules:1"), errors.toString());
        assertTrue(errors.contains("twice.rules:4: a second 'block' rule for Comm.barrier (first at twice.rules:3)"),
                errors.toString());
    }

    @Test
    void anArgumentTheMethodDoesNotHaveFails() throws Exception {
        RuleTable rules = table("range.rules",
                "Comm.barrier check org.mpiguard.core.Guard.rankKnown(a3)",
                "Comm.barrier before org.mpiguard.core.Guard.rankKnown(result)",
                "Win.<init>(Info,Comm) before org.mpiguard.core.Guard.report(self)");
        askAll(rules);
        List<String> errors = errorsOf(rules);
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("range.rules:1: a3 is out of range")), errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("range.rules:2: 'result' exists only")), errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("range.rules:3: 'self' does not exist before")),
                errors.toString());
    }

    @Test
    void aRuleNamingNoMethodOfTheBindingsFails() throws Exception {
        RuleTable rules = table("none.rules", "Comm.barier check org.mpiguard.core.Guard.options()");
        askAll(rules);
        assertEquals(List.of("none.rules:1: Comm.barier names no method of the bindings"), errorsOf(rules));
    }

    @Test
    void anErrorRuleGuardsOnlyTheRealCallAndTheMostSpecificOneWins() throws Exception {
        RuleTable rules = table("errors.rules",
                "* error org.mpiguard.core.Guard.fault(\"any\", error)",
                "Comm.barrier error org.mpiguard.core.Guard.fault(\"barrier\", error)",
                "Comm.barrier check org.mpiguard.core.Guard.options()");
        askAll(rules);
        rules.failOnErrors();
        MethodRules barrier = rules.forCall("Comm", "barrier", mpi.Comm.class.getMethod("barrier"));
        assertEquals("errors.rules:2", barrier.error().where());
        String source = new TrampolineWriter(rules).write(mpi.Comm.class).source();
        int method = source.indexOf("public static void barrier(");
        String body = source.substring(method, source.indexOf("\n    }\n", method));
        int check = body.indexOf("Guard.options()");
        int guarded = body.indexOf("try {\n            self.barrier();");
        assertTrue(check >= 0 && guarded > check, "the check runs before, outside the guard:\n" + body);
        assertTrue(body.contains("} catch (mpi.MPIException error) {\n            Object handle = self;"), body);
        assertTrue(body.contains("Guard.fault(\"barrier\", error);\n            throw error;"), "rethrown when the rule returns:\n" + body);
    }

    @Test
    void twoErrorRulesForOneKeyAreAnError() throws Exception {
        RuleTable rules = table("twice.rules",
                "Comm.barrier error org.mpiguard.core.Guard.fault(\"a\", error)",
                "Comm.barrier error org.mpiguard.core.Guard.fault(\"b\", error)");
        askAll(rules);
        assertTrue(errorsOf(rules).get(0).startsWith("twice.rules:2: a second 'error' rule"), errorsOf(rules).toString());
    }

    @Test
    void aRewriteAssignsItsArgumentBeforeEveryOtherRuleAndKeepsTheProgramsValueOnAFault() throws Exception {
        RuleTable rules = table("rewrite.rules",
                "Comm.recv check org.mpiguard.core.Guard.rankKnown(a3)",
                "Comm.recv rewrite a3 = org.mpiguard.core.Guard.options().stackDepth()");
        askAll(rules);
        rules.failOnErrors();
        MethodRules recv = rules.forCall("Comm", "recv", mpi.Comm.class.getMethod("recv", Object.class, int.class,
                mpi.Datatype.class, int.class, int.class));
        assertEquals("rewrite.rules:2", recv.rewrite().get(0).where());
        String source = new TrampolineWriter(rules).write(mpi.Comm.class).source();
        int method = source.indexOf("public static mpi.Status recv(");
        String body = source.substring(method, source.indexOf("\n    }\n", method));
        int rewrite = body.indexOf("try { a3 = org.mpiguard.core.Guard.options().stackDepth(); } catch (RuntimeException"
                + " | LinkageError fault) { org.mpiguard.core.Guard.fault(\"rewrite.rules:2\", fault); }");
        int check = body.indexOf("Guard.rankKnown(a3)");
        assertTrue(rewrite >= 0 && check > rewrite, "the rewrite runs first, fail-open, named by its line:\n" + body);
        assertTrue(body.contains("self.recv(a0, a1, a2, a3, a4)"), "the real call gets the rewritten argument:\n" + body);
    }

    @Test
    void aRewriteThatIsNotAnAssignmentOrRewritesAnArgumentTwiceOrAConstructorFails() throws Exception {
        RuleTable rules = table("rewrite.rules",
                "Comm.recv rewrite org.mpiguard.core.Guard.options()",
                "Comm.recv rewrite a3 == 0",
                "Comm.recv rewrite a3 = 1",
                "Comm.recv(Object,int,Datatype,int,int) rewrite a3 = 2",
                "Win.<init>(Info,Comm) rewrite a0 = null",
                "Comm.recv rewrite a9 = 0");
        askAll(rules);
        List<String> errors = errorsOf(rules);
        assertTrue(errors.contains("rewrite.rules:1: a rewrite rule reads 'aN = expression'"), errors.toString());
        assertTrue(errors.contains("rewrite.rules:2: a rewrite rule reads 'aN = expression'"), errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("rewrite.rules:4: a second rewrite of a3 of ")
                && e.endsWith("(first at rewrite.rules:3)")), errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("rewrite.rules:5: rewrite rules exist for methods only")),
                errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.startsWith("rewrite.rules:6: a9 is out of range")), errors.toString());
    }

    @Test
    void rulesRunInTheFamilyOrderTheOrderFileDeclaresNotInTheOrderOfFileNames() throws Exception {
        Files.write(dir.resolve("alpha.rules"), List.of("Comm.barrier check org.mpiguard.core.Guard.options()"));
        Files.write(dir.resolve("zeta.rules"), List.of("Comm.barrier check org.mpiguard.core.Guard.fault(null, null)"));
        Files.write(dir.resolve(RuleTable.ORDER_FILE), List.of("# arguments first", "zeta", "alpha"));
        RuleTable rules = RuleTable.read(dir, getClass().getClassLoader());
        MethodRules barrier = rules.forCall("Comm", "barrier", mpi.Comm.class.getMethod("barrier"));
        assertEquals(List.of("zeta.rules:1", "alpha.rules:1"), barrier.before().stream().map(RuleLine::where).toList());
        rules.failOnErrors();
    }

    @Test
    void aRulesFileTheOrderLeavesOutOrAnOrderNamingNoFileOrManyFilesWithoutAnOrderFailTheBuild() throws Exception {
        Files.write(dir.resolve("alpha.rules"), List.of("Comm.barrier check org.mpiguard.core.Guard.options()"));
        Files.write(dir.resolve("zeta.rules"), List.of("Comm.barrier check org.mpiguard.core.Guard.fault(null, null)"));
        RuleTable unordered = RuleTable.read(dir, getClass().getClassLoader());
        askAll(unordered);
        assertEquals(List.of("order: missing; 2 rules files need their order declared (one base name a line, the first"
                + " family runs first)"), errorsOf(unordered));
        Files.write(dir.resolve(RuleTable.ORDER_FILE), List.of("zeta", "beta", "zeta"));
        RuleTable wrong = RuleTable.read(dir, getClass().getClassLoader());
        askAll(wrong);
        assertEquals(List.of("order:2: no file beta.rules", "order:3: zeta is listed twice",
                "alpha.rules: not in order; add its base name where its family runs"), errorsOf(wrong));
    }
}
