package org.mpiguard.predict.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.mpiguard.analyzer.TraceSet;
import org.mpiguard.core.trace.TraceFile;
import org.mpiguard.predict.analysis.Buffering;
import org.mpiguard.predict.analysis.PredictedDeadlock;
import org.mpiguard.predict.analysis.Verdict;
import org.mpiguard.predict.model.TraceProgram;
import org.mpiguard.predict.trace.TraceConverter;

/**
 * The seed's table measured on real traces: for every row of {@link SeedTable}, the trace
 * program converted from the traces of the Java port run at the row's process count
 * (directory {@code ROOT/<Program>-<procs>}, every rank's trace whole), analysed as
 * {@link PredictorBenchmark} does (first proven deadlock, median of {@code runs} after a
 * warm-up). A row without such traces (a process count this machine could not run, a run
 * that failed) is analysed from its hand-built model and says so in its "from" column, with
 * the reason the script left in {@code ROOT/<Program>-<procs>.why}.
 *
 * <p>Arguments: ROOT, then optionally the runs per row (default 3).
 */
public final class MeasuredSeedTable {

    /** The Java port (test-programs, package {@code org.mpiguard.programs.predict}) of each row. */
    static final Map<String, String> PROGRAMS = Map.of("Monte", "Monte", "Integrate", "Integrate", "Diffusion2D",
            "Diffusion2D", "Floyd", "Floyd", "GE", "GaussElim", "Heat", "Heat", "IS", "IntSort", "DTG (EMPDD)", "Dtg");


    private MeasuredSeedTable() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || !Files.isDirectory(Path.of(args[0]))) {
            System.err.println("usage: MeasuredSeedTable ROOT [runs]   (ROOT holds <Program>-<procs>/trace-rank<N>.mpgt)");
            System.exit(64);
        }
        Path root = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        System.out.println("| Benchmark | Procs | B | from | our calls | seed calls | seed D | our D | seed Tm (s) "
                + "| our Tm wall (s) | our Tm CPU (s) | cycles | filtered | solved | unsat |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (SeedTable.Row row : SeedTable.ROWS) {
            Path dir = root.resolve(PROGRAMS.get(row.name()) + "-" + row.procs());
            String from;
            TraceProgram program;
            TraceProgram traced = Files.isDirectory(dir) ? fromTraces(dir, row.procs()) : null;
            if (traced != null) {
                program = traced;
                from = "trace";
            } else {
                program = row.build();
                Path why = root.resolve(PROGRAMS.get(row.name()) + "-" + row.procs() + ".why");
                from = "model (" + (Files.exists(why) ? Files.readString(why).strip() : "no whole traces") + ")";
            }
            System.out.println(line(row, from, program, runs));
        }
    }

    /** The program of a run's traces, or null when they are not every rank's and whole. */
    static TraceProgram fromTraces(Path dir, int procs) throws IOException {
        TraceSet set = TraceSet.read(dir);
        if (set.worldSize() != procs) {
            return null;
        }
        TraceFile[] ranks = new TraceFile[procs];
        for (int r = 0; r < procs; r++) {
            if (!set.whole(r)) {
                return null;
            }
            ranks[r] = set.rank(r);
        }
        TraceConverter.Converted c = TraceConverter.program(ranks);
        return c.gaps().isEmpty() ? c.program() : null;
    }

    private static String line(SeedTable.Row row, String from, TraceProgram program, int runs) {
        TimedVerdict timed = TimedVerdict.of(row, program, runs);
        Verdict verdict = timed.verdict();
        Verdict.Stats s = verdict.stats();
        return String.format(Locale.ROOT, "| %s | %d | %s | %s | %d | %d | %s | %s | %s | %.3f | %.3f | %d | %d | %d | %d |",
                row.name(), row.procs(), row.buffering() == Buffering.ZERO ? "0" : "inf", from,
                PredictorBenchmark.calls(program), row.seedCalls(), row.deadlock() ? "yes" : "no", verdict(verdict),
                Double.isNaN(row.seedSeconds()) ? "-" : String.format(Locale.ROOT, "%.3f", row.seedSeconds()),
                timed.wallSeconds(), timed.cpuSeconds(), s.candidates(), s.filtered(), s.solverCalls(),
                s.infeasible());
    }

    /** "no", "yes" (the run's own matches deadlock: an error) or "yes, unconfirmed" (a witness that changes a match). */
    private static String verdict(Verdict v) {
        if (v.deadlockFree()) {
            return "no";
        }
        PredictedDeadlock d = v.deadlocks().get(0);
        return d.confirmedByMatches() ? "yes" : "yes, unconfirmed";
    }
}
