package org.mpiguard.agent;

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

/** Reads, rewrites and lists the calls of test classes. */
final class Bytes {

    record Call(int opcode, String owner, String name, String descriptor, int line, Object pushedBefore) {
    }

    private Bytes() {
    }

    static byte[] of(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            return in.readAllBytes();
        }
    }

    static byte[] rewrite(byte[] original, TrampolineIndex index, int readerFlags) {
        ClassReader reader = new ClassReader(original);
        ClassWriter writer = new ClassWriter(0);
        reader.accept(new CallSiteRewriter(writer, index, MethodLocals.of(original)), readerFlags);
        return writer.toByteArray();
    }

    static List<Call> calls(byte[] classBytes) {
        List<Call> calls = new ArrayList<>();
        new ClassReader(classBytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String d, String s, String[] e) {
                return new MethodVisitor(Opcodes.ASM9) {
                    int line = -1;
                    Object lastLdc;

                    @Override
                    public void visitLineNumber(int line, Label start) {
                        this.line = line;
                    }

                    @Override
                    public void visitLdcInsn(Object value) {
                        lastLdc = value;
                    }

                    @Override
                    public void visitMethodInsn(int op, String owner, String n, String desc, boolean itf) {
                        calls.add(new Call(op, owner, n, desc, line, lastLdc));
                        lastLdc = null;
                    }
                };
            }
        }, 0);
        return calls;
    }
}
