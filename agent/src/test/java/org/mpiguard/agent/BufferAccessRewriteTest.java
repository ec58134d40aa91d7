package org.mpiguard.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import org.junit.jupiter.api.Test;
import org.mpiguard.advice.buffers.NioAccess;
import org.mpiguard.agent.fixtures.SampleBufferUser;
import org.mpiguard.core.index.OwnerCount;
import org.mpiguard.core.index.TrampolineEntry;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/** The buffer watch's part of the rewrite: java.nio accessors into NioAccess trampolines. */
class BufferAccessRewriteTest {

    private static final String TRAMPOLINES = "org/mpiguard/advice/buffers/NioAccess";

    private static boolean isAccessor(Bytes.Call c) {
        return c.owner().startsWith("java/nio/") && (c.name().startsWith("get") || c.name().startsWith("put"));
    }

    @Test
    void everyGetAndPutOfABufferBecomesItsTrampolineWithTheSiteOfItsLine() throws Exception {
        byte[] original = Bytes.of(SampleBufferUser.class);
        List<Bytes.Call> before = Bytes.calls(original).stream().filter(BufferAccessRewriteTest::isAccessor)
                .collect(Collectors.toList());
        assertTrue(before.size() >= 15, "the fixture makes many accesses: " + before);
        List<Bytes.Call> after = Bytes.calls(Bytes.rewrite(original, TrampolineIndex.load(true), 0));
        assertEquals(List.of(), after.stream().filter(BufferAccessRewriteTest::isAccessor)
                .collect(Collectors.toList()), "no accessor call is left");
        List<Bytes.Call> trampolines = after.stream().filter(c -> c.owner().equals(TRAMPOLINES))
                .collect(Collectors.toList());
        assertEquals(before.size(), trampolines.size());
        for (int i = 0; i < before.size(); i++) {
            Bytes.Call was = before.get(i);
            Bytes.Call now = trampolines.get(i);
            assertEquals(Opcodes.INVOKESTATIC, now.opcode());
            String simpleOwner = was.owner().substring("java/nio/".length());
            String owner = simpleOwner.equals("MappedByteBuffer") ? "ByteBuffer" : simpleOwner;
            assertEquals(owner + "$" + was.name(), now.name());
            CallSite site = CallSites.get((Integer) now.pushedBefore());
            assertEquals(was.line(), site.line(), "the site is the access's own line");
            assertEquals(owner + "." + was.name(), site.op());
            assertEquals(Type.getReturnType(was.descriptor()), Type.getReturnType(now.descriptor()));
        }
    }

    @Test
    void viewsSlicesAndDuplicatesAreLeftAsTheyAreSinceTheirAccessesAreWatchedByAddress() throws Exception {
        List<Bytes.Call> after = Bytes.calls(Bytes.rewrite(Bytes.of(SampleBufferUser.class),
                TrampolineIndex.load(true), 0));
        assertTrue(after.stream().anyMatch(c -> c.name().equals("asIntBuffer") && c.owner().equals("java/nio/ByteBuffer")));
        assertTrue(after.stream().anyMatch(c -> c.name().equals("slice")));
    }

    @Test
    void withTheWatchOffNoAccessorIsRewritten() throws Exception {
        byte[] original = Bytes.of(SampleBufferUser.class);
        List<Bytes.Call> after = Bytes.calls(Bytes.rewrite(original, TrampolineIndex.load(false), 0));
        assertTrue(after.stream().noneMatch(c -> c.owner().equals(TRAMPOLINES)));
        assertEquals(Bytes.calls(original).size(), after.size());
    }

    /** The index lines of the java.nio owners, as the build wrote them. */
    private static List<TrampolineEntry> nioEntries() throws Exception {
        ClassLoader loader = TrampolineIndex.class.getClassLoader();
        List<TrampolineEntry> entries = new ArrayList<>();
        for (String line : text(loader, TrampolineEntry.OWNERS_RESOURCE).split("\n")) {
            OwnerCount owner = OwnerCount.parse(line);
            if (owner != null && owner.owner().startsWith("java/nio/")) {
                for (String l : text(loader, TrampolineEntry.ownerResource(owner.owner())).split("\n")) {
                    entries.add(TrampolineEntry.parse(l));
                }
            }
        }
        return entries;
    }

    private static String text(ClassLoader loader, String resource) throws Exception {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void everyTrampolineStandsForAnAccessorTheJdkHasAndIsOneOfTheWatchs() throws Exception {
        int accessors = 0;
        for (TrampolineEntry e : nioEntries()) {
            Class<?> type = Class.forName(e.owner().replace('/', '.'));
            boolean found = false;
            for (java.lang.reflect.Method m : type.getMethods()) {
                if (m.getName().equals(e.name()) && Type.getMethodDescriptor(m).equals(e.descriptor())) {
                    found = true;
                }
            }
            assertTrue(found, "java.nio has " + e.format());
            boolean trampoline = false;
            for (java.lang.reflect.Method m : NioAccess.class.getMethods()) {
                if (m.getName().equals(e.trampolineName()) && Type.getMethodDescriptor(m).equals(e.trampolineDescriptor())) {
                    trampoline = true;
                }
            }
            assertTrue(trampoline, "NioAccess has the trampoline of " + e.format());
            assertEquals(TRAMPOLINES, e.trampolineClass());
            accessors++;
        }
        assertTrue(accessors > 100, "all seven buffer kinds and mapped buffers: " + accessors);
    }

    @Test
    void aRewrittenClassLoadsVerifiesAndComputesTheSameChecksum() throws Exception {
        Class<?> rewritten = new InstrumentingClassLoaderTest.RewritingLoader(TrampolineIndex.load(true),
                SampleBufferUser.class).loadClass(SampleBufferUser.class.getName());
        assertTrue(rewritten != SampleBufferUser.class);
        assertNotNull(rewritten.getMethod("firstOfMapped", java.nio.MappedByteBuffer.class));
        assertEquals(SampleBufferUser.checksum(), rewritten.getMethod("checksum").invoke(null));
    }
}
