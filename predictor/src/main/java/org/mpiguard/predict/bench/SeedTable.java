package org.mpiguard.predict.bench;

import java.util.List;
import java.util.function.IntFunction;
import org.mpiguard.predict.analysis.Buffering;
import org.mpiguard.predict.model.TraceProgram;

/**
 * The rows of the seed's Table 1 (Huang, Ogles, Mercer, ASE'20) with our model of each
 * benchmark and the verdict the seed reports (its column D), plus EMPDD's DTG example.
 */
public final class SeedTable {

    /**
     * @param seedCalls   the seed's #Calls column
     * @param deadlock    the seed's column D: a deadlock exists under this buffering
     * @param seedSeconds the seed's time ("Tm" of its approach); NaN where it gives none
     */
    public record Row(String name, int procs, Buffering buffering, int seedCalls, boolean deadlock, double seedSeconds,
                      IntFunction<TraceProgram> model) {

        public TraceProgram build() {
            return model.apply(procs);
        }
    }

    private static final Buffering Z = Buffering.ZERO;
    private static final Buffering I = Buffering.INFINITE;

    public static final List<Row> ROWS = List.of(
            new Row("Monte", 4, Z, 350, true, 0.037, BenchmarkModels::monte),
            new Row("Monte", 4, I, 350, false, 0.002, BenchmarkModels::monte),
            new Row("Monte", 8, Z, 750, true, 0.055, BenchmarkModels::monte),
            new Row("Monte", 8, I, 750, false, 0.007, BenchmarkModels::monte),
            new Row("Monte", 16, Z, 1550, true, 0.206, BenchmarkModels::monte),
            new Row("Monte", 16, I, 1550, false, 0.052, BenchmarkModels::monte),
            new Row("Integrate", 8, I, 36, false, 0.002, BenchmarkModels::integrate),
            new Row("Integrate", 10, I, 46, false, 0.006, BenchmarkModels::integrate),
            new Row("Integrate", 16, I, 76, false, 0.01, BenchmarkModels::integrate),
            new Row("Diffusion2D", 4, Z, 520, true, 0.325, BenchmarkModels::diffusion2d),
            new Row("Diffusion2D", 4, I, 520, false, 0.049, BenchmarkModels::diffusion2d),
            new Row("Diffusion2D", 8, Z, 1080, true, 0.761, BenchmarkModels::diffusion2d),
            new Row("Diffusion2D", 8, I, 1080, false, 0.06, BenchmarkModels::diffusion2d),
            new Row("Floyd", 8, I, 120, false, 0.071, BenchmarkModels::floyd),
            new Row("Floyd", 16, I, 256, false, 0.133, BenchmarkModels::floyd),
            new Row("GE", 8, I, 56, false, 0.001, BenchmarkModels::gaussElim),
            new Row("GE", 16, I, 120, false, 0.004, BenchmarkModels::gaussElim),
            new Row("Heat", 16, I, 312, true, 0.457, BenchmarkModels::heat),
            new Row("Heat", 32, I, 632, true, 1.359, BenchmarkModels::heat),
            new Row("IS", 64, Z, 8280, false, 0.03, BenchmarkModels::intSort),
            new Row("IS", 64, I, 8280, false, 0.01, BenchmarkModels::intSort),
            new Row("IS", 128, Z, 16600, false, 0.014, BenchmarkModels::intSort),
            new Row("IS", 128, I, 16600, false, 0.024, BenchmarkModels::intSort),
            new Row("IS", 256, Z, 32240, false, 0.036, BenchmarkModels::intSort),
            new Row("IS", 256, I, 32240, false, 0.07, BenchmarkModels::intSort),
            new Row("DTG (EMPDD)", 5, Z, 10, true, Double.NaN, procs -> BenchmarkModels.dtg()),
            new Row("DTG (EMPDD)", 5, I, 10, false, Double.NaN, procs -> BenchmarkModels.dtg()));

    private SeedTable() {
    }
}
