package org.mpiguard.advice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The generated index must cover the whole public API of the bindings the agent promises. */
class TrampolineCoverageTest {

    private static final List<Class<?>> PROMISED = List.of(mpi.MPI.class, mpi.Comm.class, mpi.Intracomm.class,
            mpi.Intercomm.class, mpi.CartComm.class, mpi.GraphComm.class, mpi.Request.class, mpi.Prequest.class,
            mpi.Win.class, mpi.Datatype.class, mpi.Group.class, mpi.Status.class, mpi.Message.class, mpi.File.class,
            mpi.Op.class, mpi.Info.class);

    private static Map<String, String[]> index;

    @BeforeAll
    static void readIndex() throws IOException {
        index = new HashMap<>();
        try (InputStream in = TrampolineCoverageTest.class.getClassLoader()
                .getResourceAsStream("META-INF/mpiguard/trampolines.idx")) {
            assertNotNull(in, "the build writes the index");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String[] f = line.split(" ");
                index.put(f[0] + "." + f[1] + f[2], f);
            }
        }
    }

    @Test
    void everyPublicMethodOfThePromisedClassesHasATrampoline() {
        List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Class<?> c : PROMISED) {
            for (Method m : c.getMethods()) {
                if (m.isBridge() || !m.getDeclaringClass().getName().startsWith("mpi.")
                        || Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != c) {
                    continue;
                }
                checked++;
                String key = c.getName().replace('.', '/') + "." + m.getName() + descriptor(m);
                if (!index.containsKey(key)) {
                    missing.add(key);
                }
            }
        }
        assertTrue(checked > 850, "checked " + checked);
        assertTrue(missing.isEmpty(), "no trampoline for " + missing);
    }

    @Test
    void everyTrampolineExistsWithTheIndexedSignature() throws Exception {
        for (String[] f : index.values()) {
            Class<?> owner = Class.forName(f[4].replace('/', '.'));
            boolean found = false;
            for (Method m : owner.getMethods()) {
                if (m.getName().equals(f[5]) && ("(" + params(m) + ")" + type(m.getReturnType())).equals(f[6])) {
                    found = Modifier.isStatic(m.getModifiers());
                }
            }
            assertTrue(found, "trampoline " + String.join(" ", f));
        }
    }

    @Test
    void initAndFinalizeGoToTheHandWrittenAdvice() {
        assertEquals("MPI.Init", index.get("mpi/MPI.Init([Ljava/lang/String;)[Ljava/lang/String;")[7]);
        assertEquals("MPI.Finalize", index.get("mpi/MPI.Finalize()V")[7]);
        assertEquals("Comm.recv", index.get(
                "mpi/Intracomm.recv(Ljava/lang/Object;ILmpi/Datatype;II)Lmpi/Status;")[7]);
    }

    private static String descriptor(Method m) {
        return "(" + params(m) + ")" + type(m.getReturnType());
    }

    private static String params(Method m) {
        StringBuilder d = new StringBuilder();
        for (Class<?> p : m.getParameterTypes()) {
            d.append(type(p));
        }
        return d.toString();
    }

    private static String type(Class<?> c) {
        if (c.isArray()) {
            return c.getName().replace('.', '/');
        }
        if (!c.isPrimitive()) {
            return "L" + c.getName().replace('.', '/') + ";";
        }
        return switch (c.getName()) {
            case "int" -> "I";
            case "long" -> "J";
            case "double" -> "D";
            case "float" -> "F";
            case "boolean" -> "Z";
            case "byte" -> "B";
            case "char" -> "C";
            case "short" -> "S";
            default -> "V";
        };
    }
}
