package org.mpiguard.predict;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.predict.analysis.Buffering;
import org.mpiguard.predict.analysis.Ctp;
import org.mpiguard.predict.analysis.Event;
import org.mpiguard.predict.analysis.PredictedDeadlock;
import org.mpiguard.predict.analysis.Witness;
import org.mpiguard.predict.analysis.WitnessReplay;
import org.mpiguard.predict.bench.BenchmarkModels;

/** The replay that vouches for every witness can fail: a witness altered in any step is refused. */
class WitnessReplayTest {

    private static PredictedDeadlock dtgDeadlock() {
        return Predict.zero(BenchmarkModels.dtg()).deadlocks().get(0);
    }

    @Test
    void theSolversWitnessReplaysAndLeavesTheCycleBlocked() {
        PredictedDeadlock d = dtgDeadlock();
        assertTrue(WitnessReplay.check(Ctp.of(BenchmarkModels.dtg(), Buffering.ZERO), d.witness()).holds());
    }

    @Test
    void aWitnessWithoutItsWildcardChoiceDoesNotLeaveTheCycleBlocked() {
        PredictedDeadlock d = dtgDeadlock();
        List<Event> events = new ArrayList<>(d.witness().events());
        events.removeIf(e -> e instanceof Event.Match m && m.recv().wildcard() && m.recv().rank == 0);
        WitnessReplay.Result r = WitnessReplay.check(Ctp.of(BenchmarkModels.dtg(), Buffering.ZERO),
                new Witness(d.witness().candidate(), events));
        assertFalse(r.holds());
    }

    @Test
    void aWitnessPlayedBackwardsCannotHappen() {
        PredictedDeadlock d = dtgDeadlock();
        List<Event> events = new ArrayList<>();
        long t = 0;
        List<Event> backwards = new ArrayList<>(d.witness().events());
        java.util.Collections.reverse(backwards);
        for (Event e : backwards) {
            events.add(retime(e, t++));
        }
        WitnessReplay.Result r = WitnessReplay.check(Ctp.of(BenchmarkModels.dtg(), Buffering.ZERO),
                new Witness(d.witness().candidate(), events));
        assertFalse(r.holds());
    }

    private static Event retime(Event e, long t) {
        if (e instanceof Event.Match m) {
            return new Event.Match(m.send(), m.recv(), t);
        }
        if (e instanceof Event.WaitDone w) {
            return new Event.WaitDone(w.waitAction(), t);
        }
        Event.BarrierDone b = (Event.BarrierDone) e;
        return new Event.BarrierDone(b.group(), b.members(), t);
    }
}
