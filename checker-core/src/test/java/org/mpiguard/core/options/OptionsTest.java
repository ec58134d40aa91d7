package org.mpiguard.core.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class OptionsTest {

    @Test
    void defaultsAreDocumentedValues() throws Exception {
        Options o = Options.parse(null, null, new Properties());
        assertEquals(1000, o.timeoutMillis());
        assertEquals(OnError.ABORT, o.onError());
        assertEquals(Path.of("mpiguard-report"), o.reportDir());
        assertTrue(o.enabled(CheckFamily.DEADLOCK));
    }

    @Test
    void environmentOverridesAgentArgumentsAndPropertiesOverrideBoth() throws Exception {
        Properties props = new Properties();
        props.setProperty("mpiguard.report", "/tmp/from-property");
        Options o = Options.parse("timeout=5s,report=/tmp/from-agent,on-error=continue", "timeout=250ms,report=/tmp/env",
                props);
        assertEquals(250, o.timeoutMillis());
        assertEquals(Path.of("/tmp/from-property"), o.reportDir());
        assertEquals(OnError.CONTINUE, o.onError());
    }

    @Test
    void anUnknownKeyIsRejectedWithItsNameAndTheValidKeys() {
        OptionsException e = assertThrows(OptionsException.class,
                () -> Options.parse("bogus=1", null, new Properties()));
        assertTrue(e.getMessage().contains("'bogus'"), e.getMessage());
        assertTrue(e.getMessage().contains("include"), e.getMessage());
        assertTrue(e.getMessage().contains("timeout"), e.getMessage());
    }

    @Test
    void anUnknownSystemPropertyKeyIsRejectedToo() {
        Properties props = new Properties();
        props.setProperty("mpiguard.colour", "red");
        OptionsException e = assertThrows(OptionsException.class, () -> Options.parse(null, null, props));
        assertTrue(e.getMessage().contains("'colour'") && e.getMessage().contains("mpiguard.colour"), e.getMessage());
    }

    @Test
    void badValuesNameTheKeyTheValueAndWhatIsValid() {
        OptionsException timeout = assertThrows(OptionsException.class,
                () -> Options.parse("timeout=soon", null, new Properties()));
        assertTrue(timeout.getMessage().contains("'soon'") && timeout.getMessage().contains("'timeout'")
                && timeout.getMessage().contains("500ms"), timeout.getMessage());
        OptionsException onError = assertThrows(OptionsException.class,
                () -> Options.parse("on-error=explode", null, new Properties()));
        assertTrue(onError.getMessage().contains("abort or continue"), onError.getMessage());
        OptionsException checks = assertThrows(OptionsException.class,
                () -> Options.parse("checks=deadlock:magic", null, new Properties()));
        assertTrue(checks.getMessage().contains("'checks'") && checks.getMessage().contains("deadlock"),
                checks.getMessage());
    }

    @Test
    void aPairWithoutValueIsRejected() {
        OptionsException e = assertThrows(OptionsException.class,
                () -> Options.parse("timeout", null, new Properties()));
        assertTrue(e.getMessage().contains("key=value"), e.getMessage());
    }

    @Test
    void tooShortATimeoutIsRejected() {
        assertThrows(OptionsException.class, () -> Options.parse("timeout=5ms", null, new Properties()));
    }

    @Test
    void durationsAcceptMillisecondsSecondsAndMinutes() throws Exception {
        assertEquals(750, Options.parseDuration("timeout", "750ms", 1));
        assertEquals(2000, Options.parseDuration("timeout", "2s", 1));
        assertEquals(60_000, Options.parseDuration("timeout", "1m", 1));
    }

    @Test
    void checksNoneSwitchesTheDeadlockFamilyOff() throws Exception {
        assertFalse(Options.parse("checks=none", null, new Properties()).enabled(CheckFamily.DEADLOCK));
        assertTrue(Options.parse("checks=deadlock", null, new Properties()).enabled(CheckFamily.DEADLOCK));
    }

    @Test
    void theBufferWatchIsOnByDefaultAndOffWhenChecksDoNotNameIt() throws Exception {
        assertTrue(Options.defaults().enabled(CheckFamily.BUFFERS));
        assertFalse(Options.parse("checks=arguments:deadlock", null, new Properties()).enabled(CheckFamily.BUFFERS));
        assertTrue(Options.parse("checks=buffers", null, new Properties()).enabled(CheckFamily.BUFFERS));
    }

    @Test
    void theStallTimeoutIsADurationWithADefault() throws Exception {
        assertEquals(60_000, Options.defaults().stallTimeoutMillis());
        assertEquals(2000, Options.parse("stall-timeout=2s", null, new Properties()).stallTimeoutMillis());
        assertThrows(OptionsException.class, () -> Options.parse("stall-timeout=50ms", null, new Properties()));
    }

    @Test
    void theLivelockTimeoutIsADurationWithADefault() throws Exception {
        assertEquals(5000, Options.defaults().livelockTimeoutMillis());
        assertEquals(1500, Options.parse("livelock-timeout=1500ms", null, new Properties()).livelockTimeoutMillis());
        OptionsException e = assertThrows(OptionsException.class,
                () -> Options.parse("livelock-timeout=soon", null, new Properties()));
        assertTrue(e.getMessage().contains("livelock-timeout"), e.getMessage());
    }

    @Test
    void everyKeyIsDocumentedWithItsDefault() {
        assertEquals(16, Options.documentation().size());
        Options.documentation().values().forEach(doc -> assertTrue(doc.startsWith("default '"), doc));
    }

    @Test
    void theEndOfRunAnalysisTakesAMillionEventsByDefaultAndAnyPositiveCount() throws Exception {
        assertEquals(1_000_000, Options.defaults().traceAnalysisMaxEvents());
        assertEquals(5, Options.parse("trace-analysis-max=5", null, new Properties()).traceAnalysisMaxEvents());
        for (String bad : new String[] {"0", "-3", "lots", "1G"}) {
            OptionsException e = assertThrows(OptionsException.class,
                    () -> Options.parse("trace-analysis-max=" + bad, null, new Properties()));
            assertTrue(e.getMessage().contains("trace-analysis-max"), e.getMessage());
        }
    }

    @Test
    void syncSendsIsOffByDefaultAndTakesOnOrOff() throws Exception {
        assertFalse(Options.defaults().syncSends());
        assertTrue(Options.parse("sync-sends=on", null, new Properties()).syncSends());
        OptionsException e = assertThrows(OptionsException.class,
                () -> Options.parse("sync-sends=yes", null, new Properties()));
        assertTrue(e.getMessage().contains("sync-sends"), e.getMessage());
    }

    @Test
    void stacksAreSixteenFramesDeepByDefaultAndZeroTurnsThemOff() throws Exception {
        assertEquals(16, Options.defaults().stackDepth());
        assertEquals(0, Options.parse("stack-depth=0", null, new Properties()).stackDepth());
        OptionsException e = assertThrows(OptionsException.class,
                () -> Options.parse("stack-depth=-1", null, new Properties()));
        assertTrue(e.getMessage().contains("stack-depth"), e.getMessage());
        assertThrows(OptionsException.class, () -> Options.parse("stack-depth=deep", null, new Properties()));
    }

    @Test
    void bindingHazardsAreReportedByDefaultAndRepairedWithStandard() throws Exception {
        assertFalse(Options.parse(null, null, new Properties()).bindingHazardsStandard());
        assertTrue(Options.parse("binding-hazards=standard", null, new Properties()).bindingHazardsStandard());
        OptionsException e = assertThrows(OptionsException.class,
                () -> Options.parse("binding-hazards=fix", null, new Properties()));
        assertTrue(e.getMessage().contains("'binding-hazards'") && e.getMessage().contains("report or standard"),
                e.getMessage());
    }

    @Test
    void traceIsOffByDefaultOnMeansTheReportDirectoryAndAnythingElseIsADirectory() throws Exception {
        Options defaults = Options.parse(null, null, new Properties());
        assertEquals(null, defaults.traceDir());
        assertTrue(defaults.traceAnalysis());
        assertEquals(Path.of("/tmp/r"), Options.parse("report=/tmp/r,trace=on", null, new Properties()).traceDir());
        Options own = Options.parse("trace=/tmp/traces,trace-analysis=off", null, new Properties());
        assertEquals(Path.of("/tmp/traces"), own.traceDir());
        assertFalse(own.traceAnalysis());
        assertThrows(OptionsException.class, () -> Options.parse("trace-analysis=maybe", null, new Properties()));
        assertThrows(OptionsException.class, () -> Options.parse("trace= ", null, new Properties()));
    }

    @Test
    void traceMaxIsASizeInPowersOf1024OneGibibyteByDefaultAndAtLeastOneMebibyte() throws Exception {
        assertEquals(1L << 30, Options.parse(null, null, new Properties()).traceMaxBytes());
        assertEquals(512L << 20, Options.parse("trace-max=512M", null, new Properties()).traceMaxBytes());
        assertEquals(20L << 30, Options.parse("trace-max=20gb", null, new Properties()).traceMaxBytes());
        assertEquals(2L << 40, Options.parse("trace-max=2TiB", null, new Properties()).traceMaxBytes());
        assertEquals(3_000_000L, Options.parse("trace-max=3000000", null, new Properties()).traceMaxBytes());
        for (String bad : new String[] {"", "G", "-1G", "1.5G", "100K", "1X", "99999999999T"}) {
            OptionsException e = assertThrows(OptionsException.class,
                    () -> Options.parse("trace-max=" + bad, null, new Properties()), bad);
            assertTrue(e.getMessage().contains("trace-max") && e.getMessage().contains("at least 1M"), e.getMessage());
        }
    }

    @Test
    void forcedMatchesAreOffByDefaultAndOtherwiseAFile() throws Exception {
        assertEquals(null, Options.parse(null, null, new Properties()).forceMatches());
        assertEquals(Path.of("/tmp/plan.txt"),
                Options.parse("force-matches=/tmp/plan.txt", null, new Properties()).forceMatches());
        assertEquals(null, Options.parse("force-matches=OFF", null, new Properties()).forceMatches());
        assertThrows(OptionsException.class, () -> Options.parse("force-matches= ", null, new Properties()));
    }
}
