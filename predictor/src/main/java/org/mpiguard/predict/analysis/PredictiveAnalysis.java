package org.mpiguard.predict.analysis;

import com.microsoft.z3.Context;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiguard.predict.model.TraceProgram;

/**
 * The seed's three stages on one trace program: deadlock cycles of the dependency graph,
 * the abstract machine's filter, Z3 on what is left. A witness is reported only once it
 * replays on the concrete semantics; candidates at call sites already reported are counted,
 * not solved again.
 *
 * <p>Each candidate is solved first with every wildcard receive on the message the run gave
 * it (a deadlock of the run's own matches, which only the buffering hid), then, failing
 * that, with only the receives whose match the program read kept on it: a witness of the
 * second kind changes what a wildcard receive takes, and the program, which was recorded
 * on one path, may act otherwise on the other message ({@link PredictedDeadlock#changed}).
 */
public final class PredictiveAnalysis {

    /**
     * @param maxReports distinct deadlocks (by call sites) reported before stopping
     * @param stepBudget edges the cycle search may follow before it stops (said as a limit)
     */
    public record Options(Buffering buffering, int maxReports, long stepBudget) {
        public static Options zeroBuffer() {
            return new Options(Buffering.ZERO, 8, 20_000_000L);
        }

        public static Options infiniteBuffer() {
            return new Options(Buffering.INFINITE, 8, 20_000_000L);
        }

        /** Stops at the first proven deadlock, as the seed's Table 1 times do. */
        public Options firstOnly() {
            return new Options(buffering, 1, stepBudget);
        }
    }

    private PredictiveAnalysis() {
    }

    /** Z3 is started only when a candidate survives the filter: most programs never need it. */
    private static final class LazySolver implements AutoCloseable {
        private final Ctp ctp;
        private Context ctx;
        private final Map<MatchSets, DeadlockEncoding> encodings = new java.util.HashMap<>();

        LazySolver(Ctp ctp) {
            this.ctp = ctp;
        }

        DeadlockEncoding encoding(MatchSets matches) {
            if (ctx == null) {
                ctx = new Context();
            }
            return encodings.computeIfAbsent(matches, m -> new DeadlockEncoding(ctp, m, ctx));
        }

        @Override
        public void close() {
            if (ctx != null) {
                ctx.close();
            }
        }
    }

    public static Verdict analyze(TraceProgram program, Options options) {
        long begin = System.nanoTime();
        Ctp ctp = Ctp.of(program, options.buffering());
        MatchSets matches = MatchSets.of(ctp, MatchSets.Fixed.READ);
        MatchSets asRun = MatchSets.of(ctp, MatchSets.Fixed.ALL);
        DependencyGraph graph = DependencyGraph.of(ctp, matches);
        CycleSearch search = new CycleSearch(graph, options.stepBudget());
        AbstractMachine machine = new AbstractMachine(ctp, matches);
        AbstractMachine asRunMachine = asRun.restricts() ? new AbstractMachine(ctp, asRun) : null;
        List<String> limits = new ArrayList<>(program.limits());
        unmatchedBlockingSends(ctp, matches, limits);
        Map<List<Object>, WitnessReplay.Result> bySites = new LinkedHashMap<>();
        Map<List<Object>, Witness> witnesses = new LinkedHashMap<>();
        Map<List<Object>, Integer> similar = new LinkedHashMap<>();
        int[] counts = new int[3];
        PolledStops polledStops = new PolledStops();
        try (LazySolver solver = new LazySolver(ctp)) {
            java.util.function.Predicate<List<Act>> consider = candidate -> {
                if (polledStops.left(polledStop(candidate))) {
                    return true;
                }
                List<Object> sites = siteKey(candidate);
                List<Object> same = bySites.containsKey(sites) ? sites : sameState(bySites, candidate);
                if (same != null) {
                    similar.merge(same, 1, Integer::sum);
                    return true;
                }
                if (!machine.admits(candidate)) {
                    counts[0]++;
                    return true;
                }
                counts[1]++;
                Optional<Witness> witness = Optional.empty();
                MatchSets under = asRun;
                if (asRunMachine != null && asRunMachine.admits(candidate)) {
                    witness = solver.encoding(asRun).solve(candidate);
                }
                if (witness.isEmpty()) {
                    under = matches;
                    witness = solver.encoding(matches).solve(candidate);
                }
                if (witness.isEmpty()) {
                    counts[2]++;
                    return true;
                }
                WitnessReplay.Result replay = WitnessReplay.check(ctp, under, witness.get());
                if (!replay.holds()) {
                    limits.add("a solver witness for ranks " + ranks(candidate) + " did not replay (" + replay.failure()
                            + "); it is not reported");
                    return true;
                }
                if (polledStops.left(polledStuck(replay))) {
                    return true; // a rank of the deadlock's final state only polls: it could serve the others
                }
                bySites.put(sites, replay);
                witnesses.put(sites, witness.get());
                return bySites.size() < options.maxReports();
            };
            boolean more = true;
            for (Act d : selfBlocked(ctp, matches)) {
                if (!(more = consider.test(List.of(d)))) {
                    break;
                }
            }
            if (more) {
                search.run(consider);
            }
        }
        polledStops.sayIn(limits);
        boolean complete = !search.exhausted() && bySites.size() < options.maxReports();
        if (search.exhausted()) {
            limits.add("the cycle search stopped after " + options.stepBudget() + " steps: deadlocks beyond it are not"
                    + " predicted");
        }
        List<PredictedDeadlock> deadlocks = new ArrayList<>();
        bySites.forEach((sites, replay) -> deadlocks.add(new PredictedDeadlock(witnesses.get(sites), replay.standing(),
                replay.stuck(), similar.getOrDefault(sites, 0), changedMatches(witnesses.get(sites)))));
        Verdict.Stats stats = new Verdict.Stats(ctp.acts.length, matches.pairCount(), graph.nodeCount(),
                graph.edgeCount(), search.candidates(), counts[0], counts[1], counts[2], System.nanoTime() - begin);
        return new Verdict(options.buffering(), deadlocks, limits, stats, complete);
    }

    /** The witness's matches where a wildcard receive takes another message than the run gave it (or one not known). */
    private static List<Event.Match> changedMatches(Witness witness) {
        List<Event.Match> changed = new ArrayList<>();
        for (Event e : witness.events()) {
            if (e instanceof Event.Match m && m.recv().wildcard()) {
                org.mpiguard.predict.model.ObservedMatch seen = m.recv().action.observed();
                if (seen == null || !seen.same(m.send().rank, m.send().tag())) {
                    changed.add(m);
                }
            }
        }
        return changed;
    }

    /**
     * Waits that only a later call of their own rank could release (a blocking send to the
     * rank itself before its receive): a deadlock of one rank, which the graph's cycles,
     * running between ranks, do not hold.
     */
    private static List<Act> selfBlocked(Ctp ctp, MatchSets matches) {
        List<Act> out = new ArrayList<>();
        for (Act d : ctp.acts) {
            if (d.kind() != org.mpiguard.predict.model.Kind.WAIT || matches.releasers(d.request()).isEmpty()) {
                continue;
            }
            boolean onlyLater = true;
            for (Act a : matches.releasers(d.request())) {
                onlyLater &= a.rank == d.rank && a.index > d.index;
            }
            if (onlyLater) {
                out.add(d);
            }
        }
        return out;
    }

    /** Deadlocks left out because they stop a rank at a polled wait ({@code Call#polled}): counted, said once. */
    private static final class PolledStops {
        private Act first;
        private int count;

        /** Whether {@code stop} (null: none) leaves the deadlock out. */
        boolean left(Act stop) {
            if (stop == null) {
                return false;
            }
            first = first == null ? stop : first;
            count++;
            return true;
        }

        void sayIn(List<String> limits) {
            if (count > 0) {
                limits.add(count + " deadlock candidate" + (count == 1 ? "" : "s") + " would stop a rank in a loop that"
                        + " tests while it probes, sends or receives (first rank " + first.rank + "'s " + first.call().op()
                        + " at " + first.call().location() + "): such a rank is not blocked, and the messages it would"
                        + " serve in another schedule are not in the trace; they are not reported");
            }
        }
    }

    /** The first wait of {@code candidate} that its rank polled for while serving ({@code Call#polled}); null if none. */
    private static Act polledStop(List<Act> candidate) {
        for (Act d : candidate) {
            if (d.call().polled()) {
                return d;
            }
        }
        return null;
    }

    /** A rank the replayed deadlock leaves stuck at a polled wait; null if none. */
    private static Act polledStuck(WitnessReplay.Result replay) {
        for (int r : replay.stuck()) {
            Act d = replay.standing().get(r);
            if (d != null && d.call().polled()) {
                return d;
            }
        }
        return null;
    }

    /** A reported deadlock whose final state already has every rank of {@code candidate} blocked where it says. */
    private static List<Object> sameState(Map<List<Object>, WitnessReplay.Result> reported, List<Act> candidate) {
        for (Map.Entry<List<Object>, WitnessReplay.Result> e : reported.entrySet()) {
            boolean all = true;
            for (Act d : candidate) {
                all &= e.getValue().standing().get(d.rank) == d && e.getValue().stuck().contains(d.rank);
            }
            if (all) {
                return e.getKey();
            }
        }
        return null;
    }

    /**
     * A send that no receive of the run can take, and whose completion is waited for, never
     * completes: not a cycle, so not a predicted deadlock, but said.
     */
    private static void unmatchedBlockingSends(Ctp ctp, MatchSets matches, List<String> limits) {
        int count = 0;
        Act first = null;
        for (Act a : ctp.acts) {
            if (a.kind() == org.mpiguard.predict.model.Kind.WAIT
                    && a.request().kind() == org.mpiguard.predict.model.Kind.SEND && matches.of(a.request()).isEmpty()) {
                count++;
                first = first == null ? a.request() : first;
            }
        }
        if (count > 0) {
            limits.add(count + " send" + (count == 1 ? "" : "s") + " that no receive of the run takes (first rank "
                    + first.rank + "'s " + first.call().op() + " at " + first.call().location() + ") would never complete"
                    + (ctp.buffering == Buffering.ZERO ? " without buffering" : "") + "; such a send is not a cycle and is"
                    + " not reported as a predicted deadlock");
        }
    }

    private static List<Object> siteKey(List<Act> candidate) {
        List<Object> key = new ArrayList<>();
        for (Act d : candidate) {
            key.add(d.call().op());
            key.add(d.call().site());
        }
        return key;
    }

    private static List<Integer> ranks(List<Act> candidate) {
        return candidate.stream().map(d -> d.rank).toList();
    }
}
