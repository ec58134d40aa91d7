package org.mpiguard.build;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mpiguard.core.index.TrampolineEntry;

/**
 * The buffer watch's index lines, read at build time from its trampolines' class: a public
 * static method named {@code DoubleBuffer$get} taking {@code (DoubleBuffer, int, int site)}
 * and returning double stands for the call {@code java/nio/DoubleBuffer.get (I)D}. Calls
 * through {@code MappedByteBuffer} (a file mapped into memory) reach ByteBuffer's. Done
 * here rather than by reflection in every JVM the agent starts (some 10 ms of its start-up).
 */
final class NioEntries {

    /** The class of the buffer watch's trampolines, which the advice build always has. */
    static final String TRAMPOLINES = "org.mpiguard.advice.buffers.NioAccess";

    private NioEntries() {
    }

    static List<TrampolineEntry> of(Class<?> trampolines) {
        String trampolineClass = trampolines.getName().replace('.', '/');
        List<TrampolineEntry> entries = new ArrayList<>();
        for (Method m : trampolines.getDeclaredMethods()) {
            int dollar = m.getName().indexOf('$');
            if (!Modifier.isStatic(m.getModifiers()) || !Modifier.isPublic(m.getModifiers()) || dollar < 0) {
                continue;
            }
            String owner = m.getName().substring(0, dollar);
            String name = m.getName().substring(dollar + 1);
            Class<?>[] args = m.getParameterTypes();
            String call = MethodType.methodType(m.getReturnType(), Arrays.copyOfRange(args, 1, args.length - 1))
                    .toMethodDescriptorString();
            String trampoline = MethodType.methodType(m.getReturnType(), args).toMethodDescriptorString();
            entries.add(new TrampolineEntry("java/nio/" + owner, name, call, TrampolineEntry.VIRTUAL, trampolineClass,
                    m.getName(), trampoline, owner + "." + name));
            if (owner.equals("ByteBuffer")) {
                entries.add(new TrampolineEntry("java/nio/MappedByteBuffer", name, call, TrampolineEntry.VIRTUAL,
                        trampolineClass, m.getName(), trampoline, owner + "." + name));
            }
        }
        return entries;
    }
}
