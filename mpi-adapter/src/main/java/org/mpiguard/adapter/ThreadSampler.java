package org.mpiguard.adapter;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.options.ClassFilter;

/**
 * What the watchdog learns of another thread of its rank for rank 0's coordinator: its CPU
 * time (every snapshot: proof that a blocked thread had the processor between two of them)
 * and, in rounds that may end in a finding only, its top frames. Taking a stack stops the
 * thread at a safepoint, so it is never done on the success path. Fails open: a thread whose
 * time or stack cannot be read gets -1 or none.
 */
final class ThreadSampler {

    /** Frames kept when {@code stack-depth=0}: a stall's running rank must still be placed. */
    private static final int STALL_FRAMES = 4;

    private final ClassFilter included;
    private final int depth;
    private ThreadMXBean threads;
    private boolean cpuUnavailable;

    ThreadSampler(ClassFilter included, int stackDepth) {
        this.included = included;
        this.depth = stackDepth > 0 ? stackDepth : STALL_FRAMES;
    }

    /** CPU time the thread has used, in ns; -1 if unknown. */
    long cpuNanos(Thread thread) {
        if (cpuUnavailable) {
            return -1;
        }
        try {
            if (threads == null) {
                threads = ManagementFactory.getThreadMXBean();
                if (!threads.isThreadCpuTimeSupported()) {
                    cpuUnavailable = true;
                    return -1;
                }
            }
            return threads.getThreadCpuTime(thread.getId());
        } catch (RuntimeException | LinkageError e) {
            cpuUnavailable = true;
            return -1;
        }
    }

    /**
     * The thread's frames as {@code Class.method(File.java:12)}, from the first frame of an
     * included class (the checker's, the bindings' and the JDK's above it dropped; all kept
     * when no frame is included, e.g. a thread inside the JDK's I/O), at most the stack depth.
     */
    List<String> frames(Thread thread) {
        List<String> frames = new ArrayList<>();
        try {
            StackTraceElement[] stack = thread.getStackTrace();
            int start = 0;
            while (start < stack.length && !included.accepts(stack[start].getClassName())) {
                start++;
            }
            if (start == stack.length) {
                start = 0;
            }
            for (int i = start; i < stack.length && frames.size() < depth; i++) {
                StackTraceElement f = stack[i];
                if (f.getClassName().startsWith("org.mpiguard.") && !included.accepts(f.getClassName())) {
                    continue;
                }
                frames.add(f.getClassName() + "." + f.getMethodName() + "(" + (f.getFileName() == null ? "Unknown Source"
                        : f.getFileName() + (f.getLineNumber() > 0 ? ":" + f.getLineNumber() : "")) + ")");
            }
        } catch (RuntimeException e) {
            frames.clear();   // a stack is an aid; its failure never costs the status
        }
        return frames;
    }

}
