package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.trace.TraceFile;

/**
 * What replays need of a traced run ({@code mpiguard explore}): every receive each rank
 * posted, named as every run of the program names it (its source location and its
 * occurrence there), with the sender whose message it took; and the racing wildcard
 * receives, with the sends that could have been taken instead (the same races as the
 * {@code message-race} warnings and {@code message-races.jsonl}).
 */
public final class ReceiveSchedule {

    /**
     * One receive.
     *
     * @param occurrence its place among this rank's receives at {@code site}, from 1
     * @param anySource  posted with MPI.ANY_SOURCE
     * @param taken      the world rank whose message it took, or -1 when the traces do not say
     */
    public record Receive(int rank, SiteRef site, String op, int occurrence, boolean anySource, int taken) {

        /** {@code the 2nd Comm.recv of rank 0 at Master.java:31}. */
        public String describe() {
            return "the " + MessageRaceAnalysis.ordinal(occurrence) + " " + op + " of rank " + rank + " at "
                    + site.location();
        }
    }

    /** A racing receive, the send it took and the sends it could have taken instead (one per sender). */
    public record Race(Receive receive, RelatedCall taken, List<RelatedCall> alternatives) {
    }

    private final TraceSet traces;
    private final List<List<Receive>> receives = new ArrayList<>();
    private final List<Race> races = new ArrayList<>();
    /** Per rank, each receive by the index of its event in the rank's trace. */
    private final List<java.util.Map<Integer, Receive>> byEvent = new ArrayList<>();

    private ReceiveSchedule(TraceSet traces, boolean withRaces) {
        this.traces = traces;
        PointToPoint p2p = PointToPoint.build(traces);
        for (int r = 0; r < traces.worldSize(); r++) {
            List<Receive> mine = new ArrayList<>();
            java.util.Map<Integer, Receive> indexed = new java.util.HashMap<>();
            for (RecvEvent v : p2p.recvs.get(r)) {
                Receive receive = receive(v);
                mine.add(receive);
                indexed.put(v.index, receive);
            }
            receives.add(mine);
            byEvent.add(indexed);
        }
        if (withRaces) {
            HappensBefore.compute(traces, p2p, Collectives.build(traces));
            for (MessageRaceAnalysis.Race race : MessageRaceAnalysis.races(traces, p2p)) {
                List<RelatedCall> alternatives = new ArrayList<>();
                race.alternatives().forEach(s -> alternatives.add(RankSite.of(traces.rank(s.rank), s.site).related()));
                RecvEvent v = race.receive();
                races.add(new Race(receive(v), RankSite.of(traces.rank(v.matched.rank), v.matched.site).related(),
                        alternatives));
            }
        }
    }

    /** The receives and races of the traces in {@code dir}. */
    public static ReceiveSchedule read(Path dir) throws IOException {
        return new ReceiveSchedule(TraceSet.read(dir), true);
    }

    /** The receives only (a replay's, to see which messages its receives took). */
    public static ReceiveSchedule receivesOf(Path dir) throws IOException {
        return new ReceiveSchedule(TraceSet.read(dir), false);
    }

    static ReceiveSchedule of(TraceSet traces) {
        return new ReceiveSchedule(traces, true);
    }

    private Receive receive(RecvEvent v) {
        TraceFile t = traces.rank(v.rank);
        int taken = v.matched != null ? v.matched.rank : v.completion >= 0 ? v.effectiveSource() : -1;
        return new Receive(v.rank, SiteRef.of(t.site(v.site)), t.site(v.site).op(), v.occurrence, v.anySource(),
                taken);
    }

    public int worldSize() {
        return traces.worldSize();
    }

    /** True when every rank's trace holds every event up to its Finalize. */
    public boolean whole() {
        for (int r = 0; r < traces.worldSize(); r++) {
            if (!traces.whole(r)) {
                return false;
            }
        }
        return traces.worldSize() > 0;
    }

    /** What the traces could not tell (missing, cut or unreadable ones). */
    public List<String> notes() {
        return traces.notes();
    }

    /** Rank {@code rank}'s receives in the order it posted them. */
    public List<Receive> receives(int rank) {
        return rank >= 0 && rank < receives.size() ? receives.get(rank) : List.of();
    }

    public List<Race> races() {
        return races;
    }

    /**
     * The receive rank {@code rank} posted by event {@code event} of its trace (as the
     * predictor names a witness's receives), or null when that event posted none the traces pair.
     */
    public Receive receiveAt(int rank, int event) {
        return rank >= 0 && rank < byEvent.size() ? byEvent.get(rank).get(event) : null;
    }

    /** Rank {@code rank}'s {@code occurrence}-th receive at {@code site}, or null when it never posted it. */
    public Receive receive(int rank, SiteRef site, int occurrence) {
        for (Receive v : receives(rank)) {
            if (v.occurrence() == occurrence && v.site().equals(site)) {
                return v;
            }
        }
        return null;
    }
}
