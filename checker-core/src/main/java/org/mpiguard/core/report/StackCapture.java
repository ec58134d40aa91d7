package org.mpiguard.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
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
            return WALKER.walk(frames -> frames
                    .dropWhile(f -> !included.accepts(f.getClassName()))
                    .filter(f -> !f.getClassName().startsWith("org.mpiguard.")
                            || included.accepts(f.getClassName()))
                    .limit(depth)
                    .map(f -> new SiteRef(f.getClassName(), f.getMethodName(), f.getFileName(), f.getLineNumber()))
                    .collect(Collectors.toCollection(ArrayList::new)));
        } catch (RuntimeException e) {
            return List.of(); // a stack is an aid; its failure never costs the finding
        }
    }
}
