package org.mpiguard.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;
import org.junit.jupiter.api.Test;
import org.mpiguard.agent.fixtures.SampleLoopUser;
import org.mpiguard.core.site.CallSites;

/** Accesses of counted loops judged and recorded once at the loop's entry. */
class LoopEntryRewriteTest {

    private static final String LOOP_ACCESS = "org/mpiguard/advice/buffers/NioLoopAccess";
    private static final String ACCESS_LOOPS = "org/mpiguard/advice/buffers/AccessLoops";

    /** Lines of the fixture's source whose comment starts with {@code marker}. */
    private static Set<Integer> marked(String marker) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("src/test/java/org/mpiguard/agent/fixtures/SampleLoopUser.java"));
        Set<Integer> found = new TreeSet<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("// " + marker)) {
                found.add(i + 1);
            }
        }
        return found;
    }

    private static List<LoopAccesses.Access> planned() throws Exception {
        Map<String, LoopAccesses.MethodPlan> plans = LoopAccesses.of(Bytes.of(SampleLoopUser.class), 0);
        List<LoopAccesses.Access> all = new ArrayList<>();
        plans.values().forEach(p -> all.addAll(p.byCall().values()));
        return all;
    }

    static byte[] rewriteWithLoops(byte[] original) throws Exception {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new CallSiteRewriter(writer, TrampolineIndex.load(true), MethodLocals.of(original),
                LoopAccesses.of(original, 0)), 0);
        return writer.toByteArray();
    }

    @Test
    void onlyTheAccessesOfStraightCountedLoopsAreRecordedAtTheEntry() throws Exception {
        Set<Integer> lines = planned().stream().map(LoopAccesses.Access::line).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(marked("LOOP:"), lines, "the LOOP lines, and none of the NOT lines " + marked("NOT:"));
    }

    @Test
    void onlyAClassNamingATypedBufferIsReadForItsLoops() throws Exception {
        assertTrue(MpiReferenceFilter.mentionsTypedBuffer(Bytes.of(SampleLoopUser.class)));
        assertTrue(MpiReferenceFilter.mentionsTypedBuffer("..Ljava/nio/IntBuffer;..".getBytes("UTF-8")));
        assertFalse(MpiReferenceFilter.mentionsTypedBuffer("..java/nio/file/Files..java/nio/Buffer..".getBytes("UTF-8")));
        assertFalse(MpiReferenceFilter.mentionsTypedBuffer("..java/nio/Double".getBytes("UTF-8")), "cut short");
    }

    @Test
    void theEntryKnowsEachAccessesOffsetBoundAndDirection() throws Exception {
        List<LoopAccesses.Access> all = planned();
        List<String> stencil = all.stream().filter(a -> a.width() == 8 && a.name().equals("get") && a.endOffset() == 1)
                .filter(a -> a.boundKind() != LoopAccesses.BOUND_LENGTH)
                .map(a -> a.offset() + (a.boundKind() == LoopAccesses.BOUND_LOCAL ? " local" : " constant")).sorted().collect(Collectors.toList());
        assertEquals(List.of("-1 local", "1 local"), stencil);
        LoopAccesses.Access store = all.stream().filter(a -> a.store() && !a.element()
                        && a.boundKind() != LoopAccesses.BOUND_LENGTH)
                .findFirst().orElseThrow();
        assertEquals("put", store.name());
        assertEquals(0, store.offset());
        assertTrue(store.endOffset() == 1 && store.boundKind() == LoopAccesses.BOUND_LOCAL, "i < count + 1: " + store);
        LoopAccesses.Access eight = all.stream().filter(a -> a.width() == 4 && a.boundKind() == LoopAccesses.BOUND_CONSTANT)
                .findFirst().orElseThrow();
        assertEquals(2, eight.offset());
        assertTrue(eight.bound() == 8 && eight.endOffset() == 0, eight.toString());
        LoopAccesses.Access length = all.stream().filter(a -> a.boundKind() == LoopAccesses.BOUND_LENGTH)
                .findFirst().orElseThrow();
        assertTrue(length.store() && length.endOffset() == 0, "i < src.length: " + length);
        LoopAccesses.Access capacity = all.stream().filter(a -> a.boundKind() == LoopAccesses.BOUND_CAPACITY)
                .findFirst().orElseThrow();
        assertTrue(capacity.endOffset() == -2 && capacity.offset() == 1 && capacity.boundOwner().equals("java/nio/IntBuffer"),
                "i < b.capacity() - 2: " + capacity);
        List<String> elements = all.stream().filter(LoopAccesses.Access::element)
                .map(a -> a.name() + (a.elementIndexLocal() < 0 ? " [" + a.elementIndex() + "]" : " [local]") + " +" + a.offset())
                .sorted().collect(Collectors.toList());
        assertEquals(List.of("get [0] +0", "put [0] +0", "put [local] +1"), elements);
    }

    @Test
    void eachRecordedAccessGoesToTheLoopAccessorWithTheSiteItsEntryRecorded() throws Exception {
        List<Bytes.Call> calls = Bytes.calls(rewriteWithLoops(Bytes.of(SampleLoopUser.class)));
        List<Bytes.Call> entries = calls.stream().filter(c -> c.owner().equals(ACCESS_LOOPS)).collect(Collectors.toList());
        List<Bytes.Call> accessors = calls.stream().filter(c -> c.owner().equals(LOOP_ACCESS)).collect(Collectors.toList());
        assertEquals(planned().size(), entries.size(), "one entry per recorded access: " + entries);
        assertTrue(entries.size() > marked("LOOP:").size(), "the stencil's line has two");
        assertEquals(entries.size(), accessors.size());
        Set<Integer> entrySites = new TreeSet<>();
        for (Bytes.Call e : entries) {
            assertEquals(e.name().startsWith("stores") ? "put" : "get",
                    CallSites.get((Integer) e.pushedBefore()).op().replaceAll(".*\\.", ""));
            entrySites.add((Integer) e.pushedBefore());
        }
        Set<Integer> accessorSites = new TreeSet<>();
        for (Bytes.Call a : accessors) {
            int site = (Integer) a.pushedBefore();
            assertEquals(a.line(), CallSites.get(site).line(), "the site is the access's line");
            accessorSites.add(site);
        }
        assertEquals(entrySites, accessorSites);
        assertTrue(calls.stream().anyMatch(c -> c.owner().equals("org/mpiguard/advice/buffers/NioAccess")
                && c.name().equals("DoubleBuffer$get") && c.descriptor().startsWith("(Ljava/nio/DoubleBuffer;I)")),
                "the relative get stays with the per-access recording");
    }

    @Test
    void theRewrittenLoopsVerifyAndComputeWhatTheyDidBefore() throws Exception {
        byte[] bytes = rewriteWithLoops(Bytes.of(SampleLoopUser.class));
        Class<?> rewritten = new ClassLoader(getClass().getClassLoader()) {
            Class<?> define() {
                return defineClass(SampleLoopUser.class.getName(), bytes, 0, bytes.length);
            }
        }.define();
        for (boolean direct : new boolean[] {true, false}) {
            for (Method original : SampleLoopUser.class.getDeclaredMethods()) {
                if (!java.lang.reflect.Modifier.isPublic(original.getModifiers())) {
                    continue;
                }
                Method copy = rewritten.getMethod(original.getName(), original.getParameterTypes());
                assertEquals(invoke(original, direct), invoke(copy, direct), original.getName());
            }
        }
    }

    /** The method's result on fresh buffers of 40 elements (count 30), or the exception it threw. */
    private static Object invoke(Method m, boolean direct) throws Exception {
        Object[] args = new Object[m.getParameterCount()];
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < args.length; i++) {
            args[i] = types[i] == int.class ? 30 : types[i] == IntBuffer.class ? ints(direct)
                    : types[i] == DoubleBuffer.class ? doubles(direct, i) : null;
        }
        try {
            Object result = m.invoke(null, args);
            assertNotNull(result);
            return result;
        } catch (java.lang.reflect.InvocationTargetException e) {
            return e.getCause().getClass();
        }
    }

    private static DoubleBuffer doubles(boolean direct, int seed) {
        DoubleBuffer b = direct ? ByteBuffer.allocateDirect(40 * 8).order(ByteOrder.nativeOrder()).asDoubleBuffer()
                : DoubleBuffer.allocate(40);
        for (int i = 0; i < 40; i++) {
            b.put(i, i * 1.5 - seed);
        }
        return b;
    }

    private static IntBuffer ints(boolean direct) {
        IntBuffer b = direct ? ByteBuffer.allocateDirect(40 * 4).order(ByteOrder.nativeOrder()).asIntBuffer()
                : IntBuffer.allocate(40);
        for (int i = 0; i < 40; i++) {
            b.put(i, 7 - i);
        }
        return b;
    }
}
