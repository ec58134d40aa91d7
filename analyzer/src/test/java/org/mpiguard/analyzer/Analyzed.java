package org.mpiguard.analyzer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingFormat;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;

/** The findings of a hand-built run, with the assertions every analysis test makes. */
record Analyzed(List<Finding> findings, Analysis.Result result) {

    /**
     * The analysis of the traces in {@code dir}; and the streaming analysis of the same traces
     * must make the same findings, byte for byte and in the same order, and the same races.
     */
    static Analyzed of(Path dir) throws IOException {
        TraceSet traces = TraceSet.read(dir);
        Analysis.Result r = Analysis.run(traces);
        assertStreamedAlike(dir, r);
        return new Analyzed(r.findings(), r);
    }

    /** The streaming analysis's findings and races against those of the whole-trace one. */
    static void assertStreamedAlike(Path dir, Analysis.Result whole) throws IOException {
        Analysis.Result streamed = StreamingAnalysis.run(dir);
        assertEquals(json(whole.findings()), json(streamed.findings()), "the streaming analysis's findings");
        assertEquals(races(whole.races()), races(streamed.races()), "the streaming analysis's races");
        assertEquals(whole.events(), streamed.events(), "the events the streaming analysis read");
        int ranks = TraceSet.files(dir).size();
        for (int[] order : sweepOrders(ranks)) {
            Analysis.Result other = StreamingAnalysis.analyse(dir, order).result();
            String how = "the findings when the replay steps the ranks in the order " + java.util.Arrays.toString(order);
            assertEquals(json(whole.findings()), json(other.findings()), how);
            assertEquals(races(whole.races()), races(other.races()), how);
            assertEquals(whole.notes(), other.notes(), how);
        }
        for (int blocks : blockCounts(ranks)) {
            Analysis.Result spread = StreamingAnalysis.analyse(dir, null, blocks).result();
            String how = "the findings of the analysis spread over " + blocks + " blocks of ranks";
            assertEquals(json(whole.findings()), json(spread.findings()), how);
            assertEquals(races(whole.races()), races(spread.races()), how);
            assertEquals(whole.events(), spread.events(), how);
        }
    }

    /** Splits of the ranks into blocks that replay apart: two, three, and one rank each. */
    static List<Integer> blockCounts(int ranks) {
        List<Integer> counts = new ArrayList<>();
        for (int b : new int[] {2, 3, ranks}) {
            if (b > 1 && b <= ranks && !counts.contains(b)) {
                counts.add(b);
            }
        }
        return counts;
    }

    /**
     * Orders other than rank order for the replay's sweeps: reversed, and odd ranks before
     * even ones (a split of the ranks over two processes, each stepping its own).
     */
    static List<int[]> sweepOrders(int ranks) {
        int[] reversed = new int[ranks];
        int[] oddFirst = new int[ranks];
        int k = 0;
        for (int r = 0; r < ranks; r++) {
            reversed[r] = ranks - 1 - r;
        }
        for (int r = 1; r < ranks; r += 2) {
            oddFirst[k++] = r;
        }
        for (int r = 0; r < ranks; r += 2) {
            oddFirst[k++] = r;
        }
        return List.of(reversed, oddFirst);
    }

    private static String races(List<MessageRaceAnalysis.Race> races) {
        StringBuilder out = new StringBuilder();
        for (MessageRaceAnalysis.Race race : races) {
            out.append(race.receive().rank).append('#').append(race.receive().order).append(" <");
            for (SendEvent s : race.alternatives()) {
                out.append(' ').append(s.rank).append('#').append(s.index);
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String json(List<Finding> findings) {
        StringBuilder out = new StringBuilder();
        for (Finding f : findings) {
            out.append(FindingFormat.json(f)).append('\n');
        }
        return out.toString();
    }

    List<Finding> of(FindingKind kind) {
        List<Finding> out = new ArrayList<>();
        for (Finding f : findings) {
            if (f.kind() == kind) {
                out.add(f);
            }
        }
        return out;
    }

    /** Exactly one finding of {@code kind}, at {@code line}, naming {@code ranks}, with related calls at {@code related}. */
    Finding one(FindingKind kind, int line, List<Integer> ranks, int... related) {
        List<Finding> found = of(kind);
        assertEquals(1, found.size(), () -> "expected one " + kind.label() + ", got " + describe());
        Finding f = found.get(0);
        assertEquals(RunBuilder.FILE + ":" + line, f.site().location(), FindingFormat.text(f));
        assertEquals(ranks, f.ranks(), FindingFormat.text(f));
        assertEquals(related.length, f.related().size(), FindingFormat.text(f));
        for (int i = 0; i < related.length; i++) {
            RelatedCall call = f.related().get(i);
            assertEquals(RunBuilder.FILE + ":" + related[i], call.site().location(), FindingFormat.text(f));
        }
        return f;
    }

    void none(FindingKind kind) {
        assertTrue(of(kind).isEmpty(), () -> "expected no " + kind.label() + ", got " + describe());
    }

    String describe() {
        StringBuilder out = new StringBuilder();
        findings.forEach(f -> out.append(FindingFormat.text(f)));
        return out.length() == 0 ? "nothing" : out.toString();
    }
}
