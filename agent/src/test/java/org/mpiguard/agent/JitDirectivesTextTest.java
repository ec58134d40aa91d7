package org.mpiguard.agent;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.junit.jupiter.api.Test;

/** What the directives let the JIT inline into the checker: small methods that exist, nothing else. */
class JitDirectivesTextTest {

    /** HotSpot's MaxInlineSize (JDK 17 to 25): what the JIT would inline on its own however rarely called. */
    private static final int MAX_INLINE_SIZE = 35;

    /** Bytecode sizes of every method named {@code name} in {@code owner} (all overloads). */
    private static List<Integer> sizes(String owner, String name) throws IOException {
        List<Integer> sizes = new ArrayList<>();
        try (InputStream in = JitDirectivesTextTest.class.getClassLoader().getResourceAsStream(owner + ".class")) {
            assertTrue(in != null, "no class " + owner);
            // a writer behind the visitor resolves a label at the code's end to its length
            ClassReader reader = new ClassReader(in);
            ClassWriter writer = new ClassWriter(reader, 0); // the class's own constant pool: ldc sizes as in the file
            reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public MethodVisitor visitMethod(int access, String method, String descriptor, String signature,
                                                 String[] exceptions) {
                    MethodVisitor written = super.visitMethod(access, method, descriptor, signature, exceptions);
                    if (!method.equals(name)) {
                        return written;
                    }
                    return new MethodVisitor(Opcodes.ASM9, written) {
                        private final Label end = new Label();

                        @Override
                        public void visitMaxs(int maxStack, int maxLocals) {
                            super.visitLabel(end);
                            super.visitMaxs(maxStack, maxLocals);
                        }

                        @Override
                        public void visitEnd() {
                            super.visitEnd();
                            sizes.add(end.getOffset());
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        }
        return sizes;
    }

    @Test
    void everyTinyMethodExistsAndEveryOverloadOfItIsWithinTheJitsOwnInliningSize() throws IOException {
        for (String pattern : JitDirectives.TINY) {
            int dot = pattern.lastIndexOf('.');
            List<Integer> sizes = sizes(pattern.substring(0, dot), pattern.substring(dot + 1));
            assertTrue(!sizes.isEmpty(), pattern + " names no method");
            for (int size : sizes) {
                assertTrue(size <= MAX_INLINE_SIZE, pattern + " has " + size + " bytes of bytecode");
            }
        }
    }

    @Test
    void everyTinyMethodIsInlinedBeforeTheRestOfTheCheckerIsKeptOut() {
        String text = JitDirectives.TEXT;
        int rest = text.indexOf("\"-org/mpiguard/advice/*.*\"");
        assertTrue(rest > 0, text);
        for (String pattern : JitDirectives.TINY) {
            int tiny = text.indexOf("\"+" + pattern + "\"");
            assertTrue(tiny > 0 && rest > tiny, "an inline list is matched in order: " + pattern + " first\n" + text);
        }
    }

    @Test
    void everyEntryNamesAClassAndMethodThatExist() throws IOException {
        for (String pattern : JitDirectives.ENTRIES) {
            int dot = pattern.lastIndexOf('.');
            String owner = pattern.substring(0, dot);
            String method = pattern.substring(dot + 1);
            if (method.equals("*")) {
                try (InputStream in = JitDirectivesTextTest.class.getClassLoader().getResourceAsStream(owner + ".class")) {
                    assertTrue(in != null, pattern + " names no class");
                }
            } else {
                assertTrue(!sizes(owner, method).isEmpty(), pattern + " names no method");
            }
        }
    }

    @Test
    void theEntriesAreInlinedByC2AheadOfTheCheckerKeptOutAndNotByC1() {
        String c2 = inlineListOf("c2");
        String c1 = inlineListOf("c1");
        int rest = c2.indexOf("\"-org/mpiguard/advice/*.*\"");
        assertTrue(rest > 0, c2);
        for (String pattern : JitDirectives.ENTRIES) {
            int entry = c2.indexOf("\"+" + pattern + "\"");
            assertTrue(entry > 0 && entry < rest, "an inline list is matched in order: " + pattern + " first\n" + c2);
            assertTrue(!c1.contains(pattern), "C1 would carry " + pattern + " in its profiling code\n" + c1);
        }
    }

    @Test
    void theEntriesAreNeverCompiledByC2AloneAndThatDirectiveIsMatchedFirst() {
        String text = JitDirectives.TEXT;
        String first = text.substring(0, text.indexOf('}') + 1);
        assertTrue(first.contains("c2: { Exclude: true }") && !first.contains("c1"), text);
        for (String pattern : JitDirectives.ENTRIES) {
            // HotSpot applies a method's first matching directive
            assertTrue(first.contains("\"" + pattern + "\""), pattern + " is not in the first directive\n" + text);
        }
        for (String pattern : JitDirectives.TINY) {
            assertTrue(!first.contains(pattern), "a gate called from the checker's C1 code stays C2-compiled: " + pattern);
        }
    }

    @Test
    void theRecordingsFieldStoresAreInlinedByC2AheadOfTheCheckerKeptOutWithoutADirectiveOfTheirOwn()
            throws IOException {
        String c2 = inlineListOf("c2");
        int rest = c2.indexOf("\"-org/mpiguard/core/*.*\"");
        String text = JitDirectives.TEXT;
        String first = text.substring(0, text.indexOf('}') + 1);
        for (String pattern : JitDirectives.RECORDING_FIELDS) {
            int dot = pattern.lastIndexOf('.');
            assertTrue(!sizes(pattern.substring(0, dot), pattern.substring(dot + 1)).isEmpty(), pattern + " names no method");
            int at = c2.indexOf("\"+" + pattern + "\"");
            assertTrue(at > 0 && at < rest, "an inline list is matched in order: " + pattern + " first\n" + c2);
            assertTrue(!inlineListOf("c1").contains(pattern) && !first.contains(pattern), text);
        }
    }

    @Test
    void theRecordingPathHasNoDirectiveOfItsOwnAndInlinesNoneOfTheCheckerIntoItself() {
        String text = JitDirectives.TEXT;
        // two directives: the entries', then the one every other method takes (the recording path's too)
        assertTrue(text.split("match:", -1).length - 1 == 2, text);
        assertTrue(!text.contains("Enable") && !text.contains("org/mpiguard/core/trace/*.*"), text);
        String c2 = inlineListOf("c2");
        assertTrue(c2.contains("\"-org/mpiguard/core/*.*\"") && c2.contains("\"-org/mpiguard/adapter/*.*\""), c2);
    }

    /** The inline list of the program's directive for one compiler ("c1" or "c2"). */
    private static String inlineListOf(String compiler) {
        String text = JitDirectives.TEXT;
        int at = text.indexOf(compiler + ": { inline: [");
        assertTrue(at > 0, compiler + " has no inline list\n" + text);
        return text.substring(at, text.indexOf(']', at));
    }

    @Test
    void c1InlinesOnlyTheAccessorIntoTheProgramAndNoneOfTheWatchBehindIt() {
        String c1 = inlineListOf("c1");
        assertTrue(c1.contains("\"+org/mpiguard/advice/buffers/NioAccess.*\""), c1);
        // C1 inlines what it is told regardless of profile: the traced path in every accessor made the
        // tier-3 code of a halo kernel's method 68 kB (docs/overhead.md, 2026-11-29 stop 48)
        assertTrue(!c1.contains("BufferWatch") && !c1.contains("WindowAccessTrace") && !c1.contains("AccessRun"), c1);
    }

    @Test
    void c2InlinesTheTracedFastPathButNotTheClearBuffersLookUp() {
        String c2 = inlineListOf("c2");
        assertTrue(c2.contains("\"+org/mpiguard/advice/buffers/BufferWatch.store*\"")
                && c2.contains("\"+org/mpiguard/core/trace/AccessRun.takes\""), c2);
        // inlined into every accessor call of a halo loop it tripled the loop's C2 compilation (jacobi2d)
        assertTrue(!c2.contains("knownClear"), c2);
    }
}
