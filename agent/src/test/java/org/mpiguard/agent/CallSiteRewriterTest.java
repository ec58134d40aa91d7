package org.mpiguard.agent;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.mpiguard.agent.fixtures.SampleMpiUser;
import org.mpiguard.agent.fixtures.SampleStructUser;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

class CallSiteRewriterTest {

    private static TrampolineIndex index;

    @BeforeAll
    static void loadIndex() throws Exception {
        index = TrampolineIndex.load();
    }

    /** Calls into the bindings other than constructors, which stay and are followed by new$. */
    private static List<Bytes.Call> mpiCalls(List<Bytes.Call> calls) {
        return calls.stream().filter(c -> c.owner().startsWith("mpi/") && !c.name().equals("<init>"))
                .collect(Collectors.toList());
    }

    private static List<Bytes.Call> trampolineCalls(List<Bytes.Call> calls) {
        return calls.stream().filter(c -> c.owner().startsWith("org/mpiguard/advice/gen/")
                && !c.name().startsWith("new$")).collect(Collectors.toList());
    }

    @Test
    void eachConstructorOfTheBindingsIsFollowedByItsTrampolineWithTheNewObjectAndItsSite() throws Exception {
        byte[] original = Bytes.of(SampleMpiUser.class);
        List<Bytes.Call> before = Bytes.calls(original).stream()
                .filter(c -> c.owner().startsWith("mpi/") && c.name().equals("<init>")).collect(Collectors.toList());
        assertEquals(2, before.size(), "the fixture makes a Win and an Info: " + before);
        List<Bytes.Call> after = Bytes.calls(Bytes.rewrite(original, index, 0));
        for (Bytes.Call constructor : before) {
            int at = -1;
            for (int i = 0; i < after.size(); i++) {
                if (after.get(i).owner().equals(constructor.owner()) && after.get(i).name().equals("<init>")) {
                    at = i;
                }
            }
            assertTrue(at >= 0, "the constructor itself still runs: " + constructor);
            Bytes.Call hook = after.get(at + 1);
            assertEquals("new$", hook.name());
            assertTrue(hook.descriptor().startsWith("(L" + constructor.owner() + ";"), hook.descriptor());
            CallSite site = CallSites.get((Integer) hook.pushedBefore());
            assertEquals(constructor.line(), site.line());
            assertEquals(constructor.owner().substring(4) + ".<init>", site.op());
        }
    }

    @Test
    void everyCallIntoTheBindingsBecomesAStaticCallOfItsTrampoline() throws Exception {
        byte[] original = Bytes.of(SampleMpiUser.class);
        List<Bytes.Call> before = mpiCalls(Bytes.calls(original));
        assertTrue(before.size() >= 8, "the fixture makes MPI calls: " + before);
        List<Bytes.Call> after = Bytes.calls(Bytes.rewrite(original, index, 0));
        assertTrue(mpiCalls(after).isEmpty(), "left unrewritten: " + mpiCalls(after));
        List<Bytes.Call> trampolines = trampolineCalls(after);
        assertEquals(before.size(), trampolines.size());
        for (Bytes.Call call : trampolines) {
            assertEquals(Opcodes.INVOKESTATIC, call.opcode());
            assertTrue(call.descriptor().contains("I)"), "takes the site id last: " + call.descriptor());
        }
    }

    @Test
    void eachRewrittenCallPassesTheIdOfItsRegisteredSite() throws Exception {
        byte[] original = Bytes.of(SampleMpiUser.class);
        List<Bytes.Call> before = mpiCalls(Bytes.calls(original));
        List<Bytes.Call> after = trampolineCalls(Bytes.calls(Bytes.rewrite(original, index, 0)));
        for (int i = 0; i < before.size(); i++) {
            Bytes.Call was = before.get(i);
            Bytes.Call now = after.get(i);
            CallSite site = CallSites.get((Integer) now.pushedBefore());
            assertEquals(was.line(), site.line(), "line of " + was);
            assertEquals("SampleMpiUser.java", site.file());
            assertEquals(SampleMpiUser.class.getName(), site.className());
            assertEquals(was.name(), now.name());
        }
    }

    @Test
    void sitesNameTheOperationByItsDeclaringClassAndTheCallingMethod() throws Exception {
        List<Bytes.Call> after = Bytes.calls(Bytes.rewrite(Bytes.of(SampleMpiUser.class), index, 0));
        List<CallSite> sites = after.stream().filter(c -> c.pushedBefore() instanceof Integer
                        && c.owner().startsWith("org/mpiguard/advice/gen/"))
                .map(c -> CallSites.get((Integer) c.pushedBefore())).collect(Collectors.toList());
        assertTrue(sites.stream().anyMatch(s -> s.op().equals("Comm.send") && s.method().equals("exchange")));
        assertTrue(sites.stream().anyMatch(s -> s.op().equals("Comm.barrier") && s.method().startsWith("lambda$")));
        assertTrue(sites.stream().anyMatch(s -> s.op().equals("Request.waitAll")));
        assertTrue(sites.stream().anyMatch(s -> s.op().equals("Comm.compare")));
        assertTrue(sites.stream().anyMatch(s -> s.op().equals("Status.getCount")));
    }

    @Test
    void classesWithoutDebugInformationAreRewrittenWithTheLineUnknown() throws Exception {
        byte[] rewritten = Bytes.rewrite(Bytes.of(SampleMpiUser.class), index, ClassReader.SKIP_DEBUG);
        List<Bytes.Call> after = Bytes.calls(rewritten);
        assertTrue(mpiCalls(after).isEmpty());
        Bytes.Call first = after.stream().filter(c -> c.owner().startsWith("org/mpiguard/advice/gen/"))
                .findFirst().orElseThrow();
        CallSite site = CallSites.get((Integer) first.pushedBefore());
        assertEquals(-1, site.line());
        assertNull(site.file());
        assertTrue(site.location().contains("SampleMpiUser"), site.location());
    }

    @Test
    void callsTheIndexDoesNotKnowAreLeftAlone() {
        assertNull(index.find("mpi/Comm", "send", "(Ljava/lang/Object;)V"));
        assertNull(index.find("mpi/Comm", "noSuchMethod", "()V"));
        assertTrue(index.size() > 1000, "one trampoline per public method: " + index.size());
    }

    @Test
    void theBytePrefilterSeesMpiReferencesAndNothingElse() throws Exception {
        assertTrue(MpiReferenceFilter.mentionsMpi(Bytes.of(SampleMpiUser.class)));
        assertFalse(MpiReferenceFilter.mentionsMpi(Bytes.of(Bytes.class)));
        assertFalse(MpiReferenceFilter.mentionsMpi(new byte[] {'m', 'p', 'i'}));
    }

    @Test
    void rewritingIsDeterministic() throws Exception {
        byte[] original = Bytes.of(SampleMpiUser.class);
        List<String> a = Bytes.calls(Bytes.rewrite(original, index, 0)).stream()
                .map(c -> c.owner() + c.name() + c.descriptor()).collect(Collectors.toList());
        List<String> b = Bytes.calls(Bytes.rewrite(original, index, 0)).stream()
                .map(c -> c.owner() + c.name() + c.descriptor()).collect(Collectors.toList());
        assertArrayEquals(a.toArray(), b.toArray());
    }

    @Test
    void getTypeOfAProgramsOwnStructStaysAndHandsItsReceiverAndResultToTheStructHookWithItsSite() throws Exception {
        byte[] original = Bytes.of(SampleStructUser.class);
        List<Bytes.Call> after = Bytes.calls(Bytes.rewrite(original, index, 0));
        int at = -1;
        for (int i = 0; i < after.size(); i++) {
            if (after.get(i).name().equals("getType")) {
                at = i;
            }
        }
        assertTrue(at >= 0, "the program's call still runs: " + after);
        assertEquals("org/mpiguard/agent/fixtures/SampleStructUser$Point", after.get(at).owner());
        Bytes.Call hook = after.get(at + 1);
        assertEquals("org/mpiguard/advice/lifecycle/StructTypes", hook.owner());
        assertEquals("(Ljava/lang/Object;Ljava/lang/Object;I)Ljava/lang/Object;", hook.descriptor());
        CallSite site = CallSites.get((Integer) hook.pushedBefore());
        assertEquals("Struct.getType", site.op());
        assertEquals(after.get(at).line(), site.line());
    }
}
