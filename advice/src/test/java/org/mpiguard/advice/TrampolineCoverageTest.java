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
import org.mpiguard.core.index.Descriptors;
import org.mpiguard.core.index.TrampolineEntry;

/** The generated index must cover the whole public API of the bindings the agent promises. */
class TrampolineCoverageTest {

    private static final List<Class<?>> PROMISED = List.of(mpi.MPI.class, mpi.Comm.class, mpi.Intracomm.class,
            mpi.Intercomm.class, mpi.CartComm.class, mpi.GraphComm.class, mpi.Request.class, mpi.Prequest.class,
            mpi.Win.class, mpi.Datatype.class, mpi.Group.class, mpi.Status.class, mpi.Message.class, mpi.File.class,
            mpi.Op.class, mpi.Info.class);

    private static Map<String, TrampolineEntry> index;

    @BeforeAll
    static void readIndex() throws IOException {
        index = new HashMap<>();
        try (InputStream in = TrampolineCoverageTest.class.getClassLoader()
                .getResourceAsStream(TrampolineEntry.RESOURCE)) {
            assertNotNull(in, "the build writes the index");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                TrampolineEntry e = TrampolineEntry.parse(line);
                assertNotNull(e, "an index line: " + line);
                index.put(e.callKey(), e);
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
                String key = TrampolineEntry.key(Descriptors.internal(c), m.getName(), Descriptors.of(m));
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
        for (TrampolineEntry e : index.values()) {
            Class<?> owner = Class.forName(e.trampolineClass().replace('/', '.'));
            boolean found = false;
            for (Method m : owner.getMethods()) {
                if (m.getName().equals(e.trampolineName()) && Descriptors.of(m).equals(e.trampolineDescriptor())) {
                    found = Modifier.isStatic(m.getModifiers());
                }
            }
            assertTrue(found, "trampoline " + e.format());
        }
    }

    @Test
    void initAndFinalizeGoToTheHandWrittenAdvice() {
        assertEquals("MPI.Init", index.get("mpi/MPI.Init([Ljava/lang/String;)[Ljava/lang/String;").op());
        assertEquals("MPI.Finalize", index.get("mpi/MPI.Finalize()V").op());
        assertEquals("Comm.recv", index.get(
                "mpi/Intracomm.recv(Ljava/lang/Object;ILmpi/Datatype;II)Lmpi/Status;").op());
    }
}
