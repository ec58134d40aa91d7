package org.mpiguard.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.index.TrampolineEntry;

/** The index parses a binding class's lines on first use: every line must still be found, and only its own. */
class TrampolineIndexTest {

    private static List<TrampolineEntry> entries() throws IOException {
        List<TrampolineEntry> all = new ArrayList<>();
        try (InputStream in = TrampolineIndex.class.getClassLoader().getResourceAsStream(TrampolineIndex.RESOURCE)) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                TrampolineEntry e = TrampolineEntry.parse(line);
                if (e != null) {
                    all.add(e);
                }
            }
        }
        return all;
    }

    @Test
    void everyLineOfTheIndexIsFoundByItsCallAndLeadsToItsTrampoline() throws IOException {
        TrampolineIndex index = TrampolineIndex.load(false);
        List<TrampolineEntry> all = entries();
        assertTrue(all.size() > 1000, "entries: " + all.size());
        int methods = 0;
        for (TrampolineEntry e : all) {
            if (e.isConstructor()) {
                TrampolineIndex.ConstructorTarget c = index.findConstructor(e.owner(), e.descriptor());
                assertNotNull(c, e.format());
                assertEquals(e.trampolineClass(), c.owner(), e.format());
                assertEquals(e.kind() == TrampolineEntry.CHECKED_CONSTRUCTOR, c.checkedBefore(), e.format());
            } else {
                methods++;
                TrampolineIndex.Target t = index.find(e.owner(), e.name(), e.descriptor());
                assertNotNull(t, e.format());
                assertEquals(e.trampolineClass() + " " + e.trampolineName() + " " + e.trampolineDescriptor() + " "
                        + e.op(), t.owner() + " " + t.name() + " " + t.descriptor() + " " + t.op(), e.format());
                assertEquals(e.kind() == TrampolineEntry.STATIC, t.isStatic(), e.format());
            }
        }
        assertEquals(methods, index.size());
    }

    @Test
    void aClassWhoseNameBeginsLikeABindingClassFindsNothingOfIt() throws IOException {
        TrampolineIndex index = TrampolineIndex.load(false);
        assertNotNull(index.find("mpi/Comm", "barrier", "()V"));
        assertNull(index.find("mpi/Co", "barrier", "()V"));
        assertNull(index.find("mpi/CommX", "barrier", "()V"));
        assertNull(index.find("org/example/Comm", "barrier", "()V"));
    }

    @Test
    void javaNioCallsAreTargetsOnlyWhenTheBufferWatchIsOn() throws IOException {
        assertNull(TrampolineIndex.load(false).find("java/nio/DoubleBuffer", "get", "(I)D"));
        assertNotNull(TrampolineIndex.load(true).find("java/nio/DoubleBuffer", "get", "(I)D"));
    }
}
