package org.mpiguard.predict.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.mpiguard.predict.analysis.Act;
import org.mpiguard.predict.analysis.Buffering;
import org.mpiguard.predict.analysis.Event;
import org.mpiguard.predict.analysis.Witness;
import org.mpiguard.predict.model.Kind;
import org.mpiguard.predict.model.TraceProgram;

/**
 * A witness as steps a programmer can follow: the matches and returns in order (long
 * schedules keep the wildcard choices, which are what differ from the observed run), then
 * where each rank of the cycle stands and what it waits for.
 */
public final class WitnessSteps {

    /** Above this many events only the wildcard matches are spelled out. */
    static final int SHORT_SCHEDULE = 40;

    private WitnessSteps() {
    }

    /** The schedule, then one clause per rank in {@code blocked} (the cycle's, then others stuck with it). */
    public static List<String> steps(Witness witness, List<Act> blocked) {
        List<Event> events = witness.events();
        boolean shortSchedule = events.size() <= SHORT_SCHEDULE;
        List<String> steps = new ArrayList<>();
        int omitted = 0;
        for (Event e : events) {
            String step = shortSchedule || isWildcardMatch(e) ? describe(e) : null;
            if (step == null && shortSchedule) {
                continue;
            }
            if (step == null) {
                omitted++;
                continue;
            }
            if (omitted > 0 && !shortSchedule) {
                steps.add("(" + omitted + " steps that every schedule takes)");
                omitted = 0;
            }
            steps.add(step);
        }
        if (omitted > 0 && !shortSchedule) {
            steps.add("(" + omitted + " steps that every schedule takes)");
        }
        for (Act d : blocked) {
            steps.add(blocked(d));
        }
        return steps;
    }

    /** The blocked state, one clause per rank, for the finding's first sentence. */
    public static String blocked(Act d) {
        if (d.kind() == Kind.BARRIER) {
            if ("MPI.Finalize".equals(d.call().op())) {
                return "rank " + d.rank + " has finished (MPI.Finalize at " + d.call().location()
                        + ") and sends nothing more";
            }
            return "rank " + d.rank + " waits in " + d.call().op() + " at " + d.call().location()
                    + " for the other ranks of the communicator";
        }
        Act o = d.request();
        boolean sameCall = o.call() == d.call();
        if (o.kind() == Kind.SEND) {
            String send = "sends to rank " + o.peer() + tag(o.tag());
            return sameCall
                    ? "rank " + d.rank + " " + send + " at " + d.call().location() + " and waits for it to be received"
                    : "rank " + d.rank + " waits in " + d.call().op() + " at " + d.call().location() + " for its "
                    + o.call().op() + " at " + o.call().location() + " (to rank " + o.peer() + ") to be received";
        }
        String from = o.peer() == TraceProgram.ANY ? "any rank" : "rank " + o.peer();
        return sameCall
                ? "rank " + d.rank + " waits to receive from " + from + tag(o.tag()) + " at " + d.call().location()
                : "rank " + d.rank + " waits in " + d.call().op() + " at " + d.call().location() + " for its "
                + o.call().op() + " at " + o.call().location() + " (from " + from + ") to receive";
    }

    public static String bufferingWords(Buffering b) {
        return b == Buffering.ZERO
                ? "if the MPI library does not buffer standard sends (zero buffering: a send may block until it is"
                + " received, as large messages do)"
                : "even if the MPI library buffers every standard send";
    }

    private static boolean isWildcardMatch(Event e) {
        return e instanceof Event.Match m && m.recv().wildcard();
    }

    private static String describe(Event e) {
        if (e instanceof Event.Match m) {
            Act s = m.send();
            Act r = m.recv();
            String recv = r.wildcard()
                    ? "the wildcard " + r.call().op() + " of rank " + r.rank + " at " + r.call().location()
                    + " takes the message of rank " + s.rank
                    : "rank " + r.rank + "'s " + r.call().op() + " at " + r.call().location() + " receives rank "
                    + s.rank + "'s message";
            return recv + " (" + s.call().op() + " at " + s.call().location() + tag(s.tag()) + ")";
        }
        if (e instanceof Event.WaitDone w) {
            Act a = w.waitAction();
            if (a.request().call() == a.call()) {
                return null;
            }
            return "rank " + a.rank + " returns from " + a.call().op() + " at " + a.call().location();
        }
        Event.BarrierDone b = (Event.BarrierDone) e;
        Act first = b.members().get(0);
        return "ranks " + b.members().stream().map(m -> String.valueOf(m.rank)).collect(Collectors.joining(", "))
                + " pass " + first.call().op() + " at " + first.call().location();
    }

    private static String tag(int tag) {
        return tag == TraceProgram.ANY ? ", any tag" : ", tag " + tag;
    }
}
