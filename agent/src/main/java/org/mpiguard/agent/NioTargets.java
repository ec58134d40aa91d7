package org.mpiguard.agent;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import net.bytebuddy.jar.asm.Type;
import org.mpiguard.advice.buffers.NioAccess;
import org.mpiguard.core.index.TrampolineEntry;

/**
 * The buffer watch's part of the index: each {@code java.nio} accessor that has a
 * trampoline in {@link NioAccess}, read from the trampolines themselves. A trampoline
 * named {@code DoubleBuffer$get} taking {@code (DoubleBuffer, int, int site)} and
 * returning double stands for the call {@code java/nio/DoubleBuffer.get (I)D}. Calls
 * through {@code MappedByteBuffer} (a file mapped into memory) reach ByteBuffer's.
 */
final class NioTargets {

    private static final String TRAMPOLINES = Type.getInternalName(NioAccess.class);

    private NioTargets() {
    }

    static Map<String, TrampolineIndex.Target> all() {
        Map<String, TrampolineIndex.Target> targets = new HashMap<>(256);
        for (Method m : NioAccess.class.getDeclaredMethods()) {
            int dollar = m.getName().indexOf('$');
            if (!Modifier.isStatic(m.getModifiers()) || !Modifier.isPublic(m.getModifiers()) || dollar < 0) {
                continue;
            }
            String owner = m.getName().substring(0, dollar);
            String name = m.getName().substring(dollar + 1);
            Type trampoline = Type.getType(m);
            Type[] args = trampoline.getArgumentTypes();
            Type[] callArgs = new Type[args.length - 2];
            System.arraycopy(args, 1, callArgs, 0, callArgs.length);
            String call = Type.getMethodDescriptor(trampoline.getReturnType(), callArgs);
            TrampolineIndex.Target target = new TrampolineIndex.Target(false, TRAMPOLINES, m.getName(),
                    trampoline.getDescriptor(), owner + "." + name);
            targets.put(TrampolineEntry.key("java/nio/" + owner, name, call), target);
            if (owner.equals("ByteBuffer")) {
                targets.put(TrampolineEntry.key("java/nio/MappedByteBuffer", name, call), target);
            }
        }
        return targets;
    }
}
