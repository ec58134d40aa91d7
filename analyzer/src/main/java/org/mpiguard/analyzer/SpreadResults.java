package org.mpiguard.analyzer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mpiguard.analyzer.rma.RmaConflictAnalysis;
import org.mpiguard.core.report.Finding;

/**
 * What each block of a spread analysis found, sent as bytes to the process that merges it,
 * and the merge: per check, in {@link Analysis#CHECKS} order, the blocks' findings in the
 * order the one-process analysis gives them (each block sends each finding's place in that
 * order: its receiver's or sender's rank and event, its witness pair, its collective), a
 * collective's pair of sites kept once, the RMA conflicts capped after the merge; the races
 * in the receivers' order; the notes of every block.
 */
final class SpreadResults {

    private SpreadResults() {
    }

    /** One finding with its place in its check's order, and (collective types) its pair of sites. */
    private record Placed(int check, long[] key, String sites, Finding finding) {
    }

    /** Block {@code block}'s results once its replay ended: findings with their places, races, notes. */
    static byte[] encode(ReplayBlock b, int block, TraceSet traces, Path dir) {
        List<String> notes = new ArrayList<>();
        List<Placed> placed = new ArrayList<>();
        List<MessageRaceAnalysis.Race> raced = b.failed.isEmpty()
                ? b.races.finish(b.replay.clocks()) : List.of();
        long dropped = 0;
        for (int c = 0; c < Analysis.CHECKS.length; c++) {
            String check = Analysis.CHECKS[c];
            List<long[]> keys = new ArrayList<>();
            List<String> sites = new ArrayList<>();
            List<Finding> found = new ArrayList<>();
            try {
                switch (check) {
                    case "type matching" -> found.addAll(b.pairs.findings(traces));
                    case "ready sends" -> found.addAll(b.readySends.findings());
                    case "collective types" -> found.addAll(b.collectives.findings(traces, keys, sites));
                    case "message races" -> found.addAll(MessageRaceAnalysis.findings(traces, raced,
                            StreamingAnalysis.reads(dir, notes)));
                    case "lost messages" -> found.addAll(b.lost.findings(traces, keys));
                    case "handle leaks" -> {
                        for (LeakAnalysis.Handles h : b.handles) {
                            found.addAll(h == null ? List.of() : h.findings());
                        }
                    }
                    case "request lifecycle" -> {
                        for (RequestLifecycleAnalysis.OfRank l : b.lifecycles) {
                            found.addAll(l == null ? List.of() : l.findings());
                        }
                    }
                    case "RMA assertions" -> found.addAll(b.rma.assertionFindings(keys));
                    default -> {
                        found.addAll(b.rma.findings(keys));
                        dropped = b.rma.dropped();
                    }
                }
            } catch (RuntimeException e) {
                notes.add(StreamingAnalysis.failure(check, e));
                found.clear();
            }
            for (int i = 0; i < found.size(); i++) {
                // checks whose findings follow their receivers or ranks: a block's come in its place
                long[] key = keys.size() == found.size() ? keys.get(i) : new long[] {block, i};
                placed.add(new Placed(c, key, sites.size() == found.size() ? sites.get(i) : null, found.get(i)));
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        try {
            out.writeLong(b.events);
            strings(out, b.notes);
            strings(out, b.order);
            strings(out, b.failed);
            strings(out, notes);
            strings(out, b.rma.plainNotes());
            out.writeLong(dropped);
            out.writeInt(placed.size());
            for (Placed p : placed) {
                out.writeInt(p.check());
                out.writeInt(p.key().length);
                for (long k : p.key()) {
                    out.writeLong(k);
                }
                FindingCodec.string(out, p.sites());
                FindingCodec.write(out, p.finding());
            }
            out.writeInt(raced.size());
            for (MessageRaceAnalysis.Race race : raced) {
                race(out, race);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * The merged result of every block's {@link #encode}d results, in block order; {@code notes}
     * (the trace set's, first) gets the blocks' notes.
     */
    static Analysis.Result merge(List<byte[]> results, List<String> notes, int forced, long millis) {
        List<Placed> placed = new ArrayList<>();
        List<MessageRaceAnalysis.Race> races = new ArrayList<>();
        List<String> reading = new ArrayList<>();
        List<String> order = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        List<String> late = new ArrayList<>();
        List<String> rmaNotes = new ArrayList<>();
        long events = 0;
        long dropped = 0;
        try {
            for (byte[] r : results) {
                DataInputStream in = new DataInputStream(new ByteArrayInputStream(r));
                events += in.readLong();
                reading.addAll(strings(in));
                order.addAll(strings(in));
                failed.addAll(strings(in));
                late.addAll(strings(in));
                for (String n : strings(in)) {
                    if (!rmaNotes.contains(n)) {
                        rmaNotes.add(n);
                    }
                }
                dropped += in.readLong();
                for (int n = in.readInt(); n > 0; n--) {
                    int check = in.readInt();
                    long[] key = new long[in.readInt()];
                    for (int k = 0; k < key.length; k++) {
                        key[k] = in.readLong();
                    }
                    placed.add(new Placed(check, key, FindingCodec.string(in), FindingCodec.read(in)));
                }
                for (int n = in.readInt(); n > 0; n--) {
                    races.add(race(in));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        notes.addAll(reading);
        if (forced > 5) {
            order.add("(" + (forced - 5) + " more events ordered approximately)");
        }
        notes.addAll(order);
        List<Finding> findings = new ArrayList<>();
        for (int c = 0; c < Analysis.CHECKS.length; c++) {
            List<Placed> mine = ofCheck(placed, c);
            if ("RMA conflict".equals(Analysis.CHECKS[c]) && mine.size() > RmaConflictAnalysis.maxReported()) {
                dropped += mine.size() - RmaConflictAnalysis.maxReported();
                mine = mine.subList(0, RmaConflictAnalysis.maxReported());
            }
            for (Placed p : mine) {
                findings.add(p.finding());
            }
        }
        notes.addAll(late);
        notes.addAll(failed);
        notes.addAll(rmaNotes);
        if (dropped > 0) {
            notes.add(RmaConflictAnalysis.droppedNote(dropped));
        }
        races.sort(new java.util.Comparator<MessageRaceAnalysis.Race>() {
            @Override
            public int compare(MessageRaceAnalysis.Race a, MessageRaceAnalysis.Race b) {
                int byRank = Integer.compare(a.receive().rank, b.receive().rank);
                return byRank != 0 ? byRank : Integer.compare(a.receive().order, b.receive().order);
            }
        });
        return new Analysis.Result(findings, notes, races, List.of(), events, millis);
    }

    /** Check {@code c}'s findings in their order; a pair of sites found by two blocks once, at its first place. */
    private static List<Placed> ofCheck(List<Placed> placed, int c) {
        List<Placed> mine = new ArrayList<>();
        Map<String, Placed> bySites = new HashMap<>();
        for (Placed p : placed) {
            if (p.check() != c) {
                continue;
            }
            if (p.sites() != null) {
                Placed known = bySites.get(p.sites());
                if (known != null && compare(known.key(), p.key()) <= 0) {
                    continue;
                }
                if (known != null) {
                    mine.remove(known);
                }
                bySites.put(p.sites(), p);
            }
            mine.add(p);
        }
        mine.sort(new java.util.Comparator<Placed>() {
            @Override
            public int compare(Placed a, Placed b) {
                return SpreadResults.compare(a.key(), b.key());
            }
        });
        return mine;
    }

    private static int compare(long[] a, long[] b) {
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            int c = Long.compare(a[i], b[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.length, b.length);
    }

    private static void strings(DataOutputStream out, List<String> list) throws IOException {
        out.writeInt(list.size());
        for (String s : list) {
            FindingCodec.string(out, s);
        }
    }

    private static List<String> strings(DataInputStream in) throws IOException {
        List<String> list = new ArrayList<>();
        for (int n = in.readInt(); n > 0; n--) {
            list.add(FindingCodec.string(in));
        }
        return list;
    }

    /** A racing receive as the race log and the tests need it: its rank, place, site, tag, match and alternatives. */
    private static void race(DataOutputStream out, MessageRaceAnalysis.Race race) throws IOException {
        RecvEvent v = race.receive();
        out.writeInt(v.rank);
        out.writeInt(v.index);
        out.writeInt(v.order);
        out.writeInt(v.site);
        out.writeInt(v.tag);
        out.writeInt(race.occurrence());
        out.writeInt(v.matched.rank);
        out.writeInt(v.matched.index);
        out.writeInt(race.alternatives().size());
        for (SendEvent s : race.alternatives()) {
            out.writeInt(s.rank);
            out.writeInt(s.index);
        }
    }

    private static MessageRaceAnalysis.Race race(DataInputStream in) throws IOException {
        int rank = in.readInt();
        int index = in.readInt();
        int order = in.readInt();
        int site = in.readInt();
        int tag = in.readInt();
        int occurrence = in.readInt();
        RecvEvent v = new RecvEvent(rank, index, order, null, 0, org.mpiguard.core.trace.TraceRecorder.ANY, tag, null,
                0, 0, site);
        v.occurrence = occurrence;
        v.matched = sent(in.readInt(), in.readInt());
        List<SendEvent> alternatives = new ArrayList<>();
        for (int n = in.readInt(); n > 0; n--) {
            alternatives.add(sent(in.readInt(), in.readInt()));
        }
        return new MessageRaceAnalysis.Race(v, occurrence, alternatives);
    }

    private static SendEvent sent(int rank, int index) {
        return new SendEvent(rank, index, null, 0, 0, 0, null, 0, 0, 0);
    }
}
