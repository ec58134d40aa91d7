package org.mpiguard.agent;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import org.mpiguard.core.site.CallSites;

/**
 * Rewrites every call a class makes into the bindings into a static call of its
 * trampoline, with one more argument: the id of the call site (class, method, source
 * file, line), registered here, once, as the class loads. The extra int is pushed right
 * before the call and consumed by it, so no stack map frame changes; only the maximum
 * stack grows by one.
 */
public final class CallSiteRewriter extends ClassVisitor {

    private final TrampolineIndex index;
    private String className = "?";
    private String sourceFile;
    private int rewritten;

    public CallSiteRewriter(ClassVisitor next, TrampolineIndex index) {
        super(Opcodes.ASM9, next);
        this.index = index;
    }

    /** How many call instructions this class had rewritten. */
    public int rewritten() {
        return rewritten;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
                      String[] interfaces) {
        className = name.replace('/', '.');
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public void visitSource(String source, String debug) {
        sourceFile = source;
        super.visitSource(source, debug);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
        return next == null ? null : new Calls(next, name);
    }

    private final class Calls extends MethodVisitor {
        private final String methodName;
        private int line = -1;
        private boolean changed;

        Calls(MethodVisitor next, String methodName) {
            super(Opcodes.ASM9, next);
            this.methodName = methodName;
        }

        @Override
        public void visitLineNumber(int line, Label start) {
            this.line = line;
            super.visitLineNumber(line, start);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            if (!isInterface && owner.startsWith("mpi/") && (opcode == Opcodes.INVOKEVIRTUAL
                    || opcode == Opcodes.INVOKESTATIC)) {
                TrampolineIndex.Target target = index.find(owner, name, descriptor);
                if (target != null && target.isStatic() == (opcode == Opcodes.INVOKESTATIC)) {
                    int site = CallSites.register(target.op(), className, methodName, sourceFile, line);
                    super.visitLdcInsn(site);
                    super.visitMethodInsn(Opcodes.INVOKESTATIC, target.owner(), target.name(), target.descriptor(),
                            false);
                    changed = true;
                    rewritten++;
                    return;
                }
            }
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        }

        @Override
        public void visitMaxs(int maxStack, int maxLocals) {
            super.visitMaxs(changed ? maxStack + 1 : maxStack, maxLocals);
        }
    }
}
