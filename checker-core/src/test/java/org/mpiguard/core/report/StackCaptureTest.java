package org.mpiguard.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.options.ClassFilter;
import org.mpiguard.usercode.UserCode;

class StackCaptureTest {

    private static final String USER = UserCode.class.getName();

    @Test
    void theStackStartsAtTheFirstIncludedFrameAndKeepsItsCallers() {
        List<SiteRef> stack = UserCode.outer(new StackCapture(ClassFilter.of(USER, ""), 16));
        assertEquals(USER, stack.get(0).className());
        assertEquals("callMpi", stack.get(0).method());
        assertEquals("outer", stack.get(1).method());
        assertEquals("UserCode.java", stack.get(0).file());
        assertTrue(stack.get(0).line() > 0);
    }

    @Test
    void theDepthBoundsTheFramesKept() {
        assertEquals(1, UserCode.outer(new StackCapture(ClassFilter.of(USER, ""), 1)).size());
    }

    @Test
    void noIncludedFrameMeansNoStack() {
        assertTrue(UserCode.outer(new StackCapture(ClassFilter.of("com.nobody.*", ""), 16)).isEmpty());
    }

    @Test
    void depthZeroTakesNoStack() {
        assertTrue(UserCode.outer(StackCapture.NONE).isEmpty());
    }
}
