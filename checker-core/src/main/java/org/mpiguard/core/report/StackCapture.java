package org.mpiguard.core.report;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.mpiguard.core.options.ClassFilter;
import org.mpiguard.core.options.Options;

/**
 * The user's Java stack at the moment a finding is made on the calling thread. Walked
 * only then, never on the success path. Frames above the first frame of a class the
 * filter includes (the checker's advice, the bindings, the JDK) are dropped, so the
 * stack starts at the user's call; at most {@code depth} frames are kept. A finding
 * made by the watchdog thread has no user frame and gets an empty stack.
 */
public final class StackCapture {

    /** Takes no stack: for {@code stack-depth=0} and for tests. */
    public static final StackCapture NONE = new StackCapture(ClassFilter.of("", ""), 0);

    private static final StackWalker WALKER = StackWalker.getInstance();

    private final ClassFilter included;
    private final int depth;

    public StackCapture(ClassFilter included, int depth) {
        this.included = included;
        this.depth = depth;
    }

    public static StackCapture of(Options options) {
        return options.stackDepth() == 0 ? NONE : new StackCapture(options.classFilter(), options.stackDepth());
    }

    public List<SiteRef> capture() {
        if (depth == 0) {
            return List.of();
        }
        try {
            return WALKER.walk(new Keep());
        } catch (RuntimeException e) {
            return List.of(); // a stack is an aid; its failure never costs the finding
        }
    }

    /**
     * The frames kept, walked by hand: no lambda and no stream operation, whose first use
     * in a JVM links call sites and spins classes (tens of milliseconds, paid inside the
     * program's run at its first finding; docs/overhead.md).
     */
    private final class Keep implements Function<Stream<StackWalker.StackFrame>, List<SiteRef>> {
        @Override
        public List<SiteRef> apply(Stream<StackWalker.StackFrame> frames) {
            List<SiteRef> kept = new ArrayList<>();
            boolean inUserCode = false;
            for (Iterator<StackWalker.StackFrame> it = frames.iterator(); it.hasNext() && kept.size() < depth; ) {
                StackWalker.StackFrame f = it.next();
                String name = f.getClassName();
                boolean included = StackCapture.this.included.accepts(name);
                inUserCode |= included;
                if (inUserCode && (included || !name.startsWith("org.mpiguard."))) {
                    kept.add(new SiteRef(name, f.getMethodName(), f.getFileName(), f.getLineNumber()));
                }
            }
            return kept;
        }
    }
}
