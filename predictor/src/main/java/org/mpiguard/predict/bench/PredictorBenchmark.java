package org.mpiguard.predict.bench;

import java.util.Locale;
import org.mpiguard.predict.analysis.Buffering;
import org.mpiguard.predict.analysis.Verdict;
import org.mpiguard.predict.model.TraceProgram;

/**
 * Prints, for every row of the seed's Table 1 (and EMPDD's DTG), the time our analysis takes
 * from the trace program to the verdict, beside the seed's published time. Like the seed's
 * Table 1 it stops at the first proven deadlock. Each row: one warm-up, then the median of
 * {@code runs} runs (argument 1, default 5; argument 2 keeps the rows whose name starts with it) in wall-clock time and in the thread's CPU time;
 * the JVM and Z3 are warmed up by the first rows.
 */
public final class PredictorBenchmark {

    /** CPU time of the analysing thread: Z3 runs in it (JNI), and the machine may be shared. */

    private PredictorBenchmark() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        System.out.println("| Benchmark | Procs | B | our calls | seed calls | seed D | our D | seed Tm (s) | our Tm wall (s) "
                + "| our Tm CPU (s) | cycles | filtered | solved | unsat |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        String only = args.length > 1 ? args[1] : null;
        for (SeedTable.Row row : SeedTable.ROWS) {
            if (only != null && !row.name().startsWith(only)) {
                continue;
            }
            TraceProgram program = row.build();
            TimedVerdict timed = TimedVerdict.of(row, program, runs);
            Verdict verdict = timed.verdict();
            Verdict.Stats s = verdict.stats();
            System.out.println(String.format(Locale.ROOT,
                    "| %s | %d | %s | %d | %d | %s | %s | %s | %.3f | %.3f | %d | %d | %d | %d |",
                    row.name(), row.procs(), row.buffering() == Buffering.ZERO ? "0" : "inf", calls(program),
                    row.seedCalls(), row.deadlock() ? "yes" : "no", verdict.deadlockFree() ? "no" : "yes",
                    Double.isNaN(row.seedSeconds()) ? "-" : String.format(Locale.ROOT, "%.3f", row.seedSeconds()),
                    timed.wallSeconds(), timed.cpuSeconds(), s.candidates(), s.filtered(), s.solverCalls(), s.infeasible()));
        }
    }

    /** MPI calls of the model: actions that carry their own call (a blocking call's wait shares it). */
    static int calls(TraceProgram program) {
        int n = 0;
        for (int r = 0; r < program.size(); r++) {
            org.mpiguard.predict.model.Call last = null;
            for (org.mpiguard.predict.model.Action a : program.rank(r)) {
                if (a.call() != last && !"MPI.Finalize".equals(a.call().op())) {
                    n++;
                }
                last = a.call();
            }
        }
        return n;
    }
}
