package org.mpiguard.advice.args;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mpiguard.adapter.args.ReceiveHazards;
import org.mpiguard.core.MpiFailure;

/**
 * The argument rules as the build turned them into trampolines: fail-open around every
 * check, the environment check before every call that can reach MPI and none before the
 * pure-Java helpers, and the receive hazards made inside the blocking bracket.
 */
class ArgumentRulesTest {

    private static final Path GENERATED = Path.of("target/generated-sources/trampolines/org/mpiguard/advice/gen");

    private static String trampoline(String file, String signatureStart) throws Exception {
        String src = Files.readString(GENERATED.resolve(file));
        int at = src.indexOf(signatureStart);
        assertTrue(at >= 0, signatureStart + " in " + file);
        return src.substring(at, src.indexOf("\n    }\n", at));
    }

    @Test
    void everyCheckOfASendRunsFailOpenBeforeTheCall() throws Exception {
        String send = trampoline("IntracommCalls.java", "public static void send(");
        Matcher m = Pattern.compile("try \\{ org\\.mpiguard\\.advice\\.args\\.(\\w+)\\.(\\w+)\\(.*?\\); \\} catch "
                + "\\(RuntimeException \\| LinkageError fault\\) \\{ org\\.mpiguard\\.core\\.Guard\\.fault\\(")
                .matcher(send);
        assertTrue(send.indexOf("if (org.mpiguard.advice.args.Environment.refused(site)) {\n            self.send(")
                < send.indexOf("PointToPointArgs.send"), "the environment gate comes first and makes the call alone\n" + send);
        assertTrue(m.find(), send);
        assertEquals("PointToPointArgs.send", m.group(1) + "." + m.group(2));
        // the call is the explore family's call rule, which sends synchronously under sync-sends=on
        int call = send.lastIndexOf("explore.SyncSends.send(self, a0, a1, a2, a3, a4)");
        assertTrue(call > send.indexOf("Blocking.send("), "the call is made inside the blocking bracket\n" + send);
        assertTrue(send.indexOf("PointToPointArgs.send") < call, "checks come before the call\n" + send);
    }

    @Test
    void pureJavaHelpersAreNotCheckedForTheEnvironment() throws Exception {
        String src = Files.readString(GENERATED.resolve("MPICalls.java"));
        String newBuffer = src.substring(src.indexOf("public static java.nio.IntBuffer newIntBuffer("));
        newBuffer = newBuffer.substring(0, newBuffer.indexOf("\n    }\n"));
        assertTrue(!newBuffer.contains("Environment.refused"), newBuffer);
    }

    @Test
    void receivesIntoArraysAreMadeThroughTheHazardWatchInsideTheBlockingBracket() throws Exception {
        String recv = trampoline("IntracommCalls.java", "public static mpi.Status recv(");
        int bracket = recv.indexOf("Blocking.receive(");
        int call = recv.indexOf("org.mpiguard.adapter.args.ReceiveHazards.recv(self, a0, a1, a2, a3, a4, site)");
        assertTrue(bracket >= 0 && call > bracket, recv);
    }

    @Test
    void everyEntryPointIsStaticNamesNoBindingTypeAndDeclaresAtMostMpiFailure() {
        for (Class<?> c : new Class<?>[] {Checks.class, PointToPointArgs.class, CollectiveCallArgs.class,
                VectorCollectives.class, OneSided.class, OneSidedSync.class, Handle.class, Requests.class,
                Environment.class, VectorBlocks.class, CheckedCalls.class}) {
            for (Method m : c.getDeclaredMethods()) {
                for (Class<?> p : m.getParameterTypes()) {
                    assertTrue(!p.getName().startsWith("mpi."), m.toString());
                }
                if (!Modifier.isPublic(m.getModifiers())) {
                    continue;
                }
                assertTrue(Modifier.isStatic(m.getModifiers()), m.toString());
                for (Class<?> e : m.getExceptionTypes()) {
                    assertEquals(MpiFailure.class, e, m.toString());
                }
            }
        }
    }

    @Test
    void theReceiveHazardCallsDeclareTheBindingsOwnException() {
        // errors.rules sees the real call's MPIException: the call rule must not carry it
        for (Method m : ReceiveHazards.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers())) {
                assertTrue(Modifier.isStatic(m.getModifiers()), m.toString());
                for (Class<?> e : m.getExceptionTypes()) {
                    assertEquals(mpi.MPIException.class, e, m.toString());
                }
            }
        }
    }
}
