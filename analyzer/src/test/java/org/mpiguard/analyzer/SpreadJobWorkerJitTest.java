package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The workers' JIT options name methods by their text: a method renamed or moved would leave its
 * option matching nothing, and the workers compiling as much as before, with no error anywhere.
 */
class SpreadJobWorkerJitTest {

    @Test
    void everyMethodKeptAsACallExists() throws ClassNotFoundException {
        int named = 0;
        for (String option : SpreadJob.WORKER_JIT) {
            if (!option.startsWith("-XX:CompileCommand=dontinline,")) {
                continue;
            }
            String target = option.substring(option.indexOf(',') + 1);
            String className = target.substring(0, target.indexOf("::"));
            String method = target.substring(target.indexOf("::") + 2);
            Method[] declared = Class.forName(className).getDeclaredMethods();
            assertTrue(Arrays.stream(declared).anyMatch(m -> m.getName().equals(method)),
                    option + " names no method of " + className);
            named++;
        }
        assertTrue(named >= 3, "the options keep the replay's hubs as calls: " + SpreadJob.WORKER_JIT);
    }
}
