package org.mpiguard.bench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;

/** The per-call table gives each variant's median fork and range, the ratio of the medians, and the bench reads it. */
class PerCallReportTest {

    private static Samples forks(double... scores) {
        Samples s = new Samples();
        for (double v : scores) {
            s.add(v);
        }
        return s;
    }

    @Test
    void aVariantIsItsMedianForkWithTheRangeOfItsForks() {
        assertEquals("152.0 (150.0-190.0)", PerCallReport.score(forks(190, 150, 152)));
        assertEquals("161.0", PerCallReport.score(forks(161)));
        assertEquals("-", PerCallReport.score(forks()));
    }

    @Test
    void theRatioIsOfTheMediansSoOneSlowForkDoesNotMoveIt() {
        // forks as measured on 2026-12-02, one slow in each variant: the means would give 1.20, the first forks 1.24
        assertEquals("1.18", PerCallReport.ratio(forks(238.5, 176.2, 173.9), forks(191.8, 149.6, 149.8)));
        assertEquals("-", PerCallReport.ratio(forks(1), forks()));
    }

    @Test
    void eachBenchmarkIsCountedUnderItsVariant() {
        assertEquals(0, PerCallReport.variant("org.mpiguard.bench.MpiCallsAgentOff.sendRecv"));
        assertEquals(1, PerCallReport.variant("org.mpiguard.bench.MpiCallsAgentOn.sendRecv"));
        assertEquals(2, PerCallReport.variant("org.mpiguard.bench.MpiCallsThreadMultiple.sendRecv"));
    }

    @Test
    void theBenchReadsTheRatioOfTheSendRecvRow() {
        String table = "| call               |        agent off ns/op |         agent on ns/op |  ratio |\n"
                + "| barrier            |    40.0 (39.0-41.0)    |    44.0 (43.0-45.0)    |   1.10 |\n"
                + "| sendRecv           |  149.8 (149.6-191.8)   |  176.2 (173.9-238.5)   |   1.18 | 285.5 | 0.62 |\n";
        Matcher m = SendRecvJmh.SENDRECV_ROW.matcher(table);
        assertTrue(m.find(), table);
        assertEquals("1.18", m.group(1));
    }
}
