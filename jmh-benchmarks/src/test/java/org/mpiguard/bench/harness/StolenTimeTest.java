package org.mpiguard.bench.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The share of CPU time the hypervisor stole, from /proc/stat's cpu line, and where the bench prints it. */
class StolenTimeTest {

    @Test
    void theCpuLineGivesItsTotalAndItsStealColumnWithoutTheGuestColumns() {
        // user nice system idle iowait irq softirq steal guest guest_nice
        long[] read = StolenTime.parse("cpu  3102592 600 785767 6994010 9597 0 14869 274499 5000 7");
        assertArrayEquals(new long[] {3102592 + 600 + 785767 + 6994010 + 9597 + 14869 + 274499, 274499}, read,
                "guest time is inside user time already: counting it again would shrink the share");
        assertNull(StolenTime.parse("cpu0 1551627 351 385321 3499896 6245 0 5107 137528 0 0"), "one core's line is not the total");
        assertNull(StolenTime.parse("cpu 1 2 3"), "a kernel too old to count steal");
        assertNull(StolenTime.parse("cpu 1 2 3 4 5 6 7 x"));
    }

    @Test
    void theShareIsTheStealOfTheTimeBetweenTwoReadings() {
        assertEquals(0.25, StolenTime.share(new long[] {1000, 10}, new long[] {1400, 110}), 1e-9);
        assertTrue(Double.isNaN(StolenTime.share(null, new long[] {1400, 110})));
        assertTrue(Double.isNaN(StolenTime.share(new long[] {1000, 10}, new long[] {1000, 10})), "no time passed");
    }

    @Test
    void aMachineWithProcStatGivesAShareOnceTimeHasPassed() throws InterruptedException {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")), "not Linux");
        StolenTime since = StolenTime.fromNow();
        Thread.sleep(200); // idle time counts too: the total moves by some 20 ticks a CPU
        double share = since.share();
        assertTrue(share >= 0 && share <= 1, "share " + share);
    }

    @Test
    void theTargetsSayHowLoudTheMachineWas() {
        Targets loud = new Targets();
        loud.stolenShare = 0.382;
        assertTrue(print(loud).contains("machine during this run: 38.2 % of its CPU time stolen by the hypervisor for other"
                + " guests (a loud host:"), print(loud));
        Targets quiet = new Targets();
        quiet.stolenShare = 0.004;
        String out = print(quiet);
        assertTrue(out.contains("machine during this run: 0.4 % of its CPU time stolen by the hypervisor for other guests\n"),
                out);
        assertFalse(out.contains("loud host"), out);
    }

    private static String print(Targets t) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        t.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
