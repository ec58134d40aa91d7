package org.mpiguard.agent;

import java.util.HashMap;
import java.util.Map;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * How many local variable slots each method of a class uses, read in a pass before the
 * rewrite: intercepting a constructor parks its arguments in fresh slots above these,
 * and a single-pass visitor learns a method's count only at its end.
 */
final class MethodLocals {

    private MethodLocals() {
    }

    /** "name descriptor" to max locals, for every method with code. */
    static Map<String, Integer> of(byte[] classBytes) {
        Map<String, Integer> locals = new HashMap<>();
        new ClassReader(classBytes).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                String key = key(name, descriptor);
                return new MethodVisitor(Opcodes.ASM9) {
                    @Override
                    public void visitMaxs(int maxStack, int maxLocals) {
                        locals.put(key, maxLocals);
                    }
                };
            }
        }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return locals;
    }

    static String key(String name, String descriptor) {
        return name + ' ' + descriptor;
    }
}
