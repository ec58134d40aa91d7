package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The binding-hazard check counts what a receive delivered from the Status's byte count
 * instead of calling getCount through JNI on every receive (issue 18): under real MPI the
 * two must agree for every type and every byte count, whole or not.
 */
class ReceivedCountsTest {

    @Test
    void theCheckersCountOfAReceiveAgreesWithMpiGetCountForEveryKindOfType() throws Exception {
        MpiRun.Result r = MpiRun.program("internal.ReceivedCountParity").withAgent("").runSingleton();
        assertEquals(0, r.exitCode(), r.toString());
        Matcher m = Pattern.compile("parity: (\\d+) cases, (\\d+) differ").matcher(r.stdout());
        assertTrue(m.find(), r.toString());
        assertTrue(Integer.parseInt(m.group(1)) > 3000, "every type at every byte count 0..96, twice: " + m.group(1));
        assertEquals("0", m.group(2), r.stdout());
    }
}
