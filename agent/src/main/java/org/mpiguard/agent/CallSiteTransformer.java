package org.mpiguard.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassWriter;
import org.mpiguard.core.Guard;
import org.mpiguard.core.options.ClassFilter;

/**
 * The start-up path: runs the {@link CallSiteRewriter} straight over the class bytes with
 * the ASM that ships inside Byte Buddy. It needs a few dozen classes where Byte Buddy's
 * AgentBuilder loads some 750 before the program's main starts (measured: +1.1 s wall,
 * +2 s CPU per JVM on these machines), and a rewrite that changes no class structure
 * needs nothing the builder adds. Classes that are excluded, or whose bytes never name
 * package mpi, are returned untouched without being parsed.
 */
final class CallSiteTransformer implements ClassFileTransformer {

    private final ClassFilter filter;
    private final TrampolineIndex index;
    CallSiteTransformer(ClassFilter filter, TrampolineIndex index) {
        this.filter = filter;
        this.index = index;
    }

    @Override
    public byte[] transform(ClassLoader loader, String className, Class<?> classBeingRedefined,
                            ProtectionDomain protectionDomain, byte[] classfileBuffer) {
        if (className == null || classfileBuffer == null || !filter.accepts(className.replace('/', '.'))
                || !(MpiReferenceFilter.mentionsMpi(classfileBuffer)
                        || index.watchesBuffers() && MpiReferenceFilter.mentionsNio(classfileBuffer))) {
            return null;
        }
        try {
            ClassReader reader = new ClassReader(classfileBuffer);
            // Reusing the reader's constant pool keeps untouched methods byte-identical.
            ClassWriter writer = new ClassWriter(reader, 0);
            // the buffers family judges (and traces record) the accesses of counted loops at their entry
            CallSiteRewriter rewriter = new CallSiteRewriter(writer, index,
                    index.hasConstructors() ? MethodLocals.of(classfileBuffer) : null,
                    index.watchesBuffers() && MpiReferenceFilter.mentionsTypedBuffer(classfileBuffer)
                            ? LoopAccesses.of(classfileBuffer, 0) : null);
            reader.accept(rewriter, 0);
            return rewriter.rewritten() == 0 ? null : writer.toByteArray();
        } catch (Throwable t) {
            Guard.fault("rewriting class " + className.replace('/', '.'), t);
            return null;
        }
    }
}
