package org.mpiguard.predict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.predict.analysis.Buffering;
import org.mpiguard.predict.analysis.Ctp;
import org.mpiguard.predict.analysis.PredictedDeadlock;
import org.mpiguard.predict.analysis.PredictiveAnalysis;
import org.mpiguard.predict.analysis.Verdict;
import org.mpiguard.predict.analysis.WitnessReplay;
import org.mpiguard.predict.model.TraceProgram;
import org.mpiguard.predict.report.PredictedDeadlockFinding;

/** Test helpers: sites, running the analysis, and checking every reported witness by replay. */
final class Predict {

    private Predict() {
    }

    static SiteRef at(String file, int line) {
        return new SiteRef("org.mpiguard.programs.predict." + file.replace(".java", ""), "main", file, line);
    }

    static Verdict zero(TraceProgram p) {
        return checked(p, PredictiveAnalysis.analyze(p, PredictiveAnalysis.Options.zeroBuffer()));
    }

    static Verdict infinite(TraceProgram p) {
        return checked(p, PredictiveAnalysis.analyze(p, PredictiveAnalysis.Options.infiniteBuffer()));
    }

    /** Replays every witness on a fresh copy of the model: each rank of the cycle must end blocked. */
    static Verdict checked(TraceProgram p, Verdict v) {
        Ctp ctp = Ctp.of(p, v.buffering());
        for (PredictedDeadlock d : v.deadlocks()) {
            WitnessReplay.Result r = WitnessReplay.check(ctp, d.witness());
            assertTrue(r.holds(), r.failure());
            assertEquals(d.deadlockActions().stream().map(a -> a.rank).toList(), r.blockedRanks());
            assertTrue(r.stuck().containsAll(r.blockedRanks()));
        }
        return v;
    }

    static List<Finding> findings(Verdict v) {
        return PredictedDeadlockFinding.all(v);
    }

    /** "File.java:12" of every rank of the finding, in rank order. */
    static List<String> sitesOf(Finding f) {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        out.add(f.ranks().get(0) + "@" + f.site().location());
        f.related().forEach(r -> out.add(r.rank() + "@" + (r.site() == null ? "?" : r.site().location())));
        return out;
    }

    static Buffering[] both() {
        return Buffering.values();
    }
}
