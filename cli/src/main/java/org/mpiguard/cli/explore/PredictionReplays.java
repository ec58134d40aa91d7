package org.mpiguard.cli.explore;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.analyzer.ReceiveSchedule;

/**
 * The replays that settle unconfirmed predicted deadlocks, one per prediction (at most
 * {@code max}): the witness's wildcard matches forced and, for a prediction under zero
 * buffering, standard sends made synchronous. The agent's deadlock finding in the replay
 * confirms the prediction; a witness no replay can force costs no replay.
 */
final class PredictionReplays {

    /** What was done: an outcome per witness judged, and how many replays that took. */
    record Done(List<PredictionOutcome> outcomes, int replays, int skipped) {
    }

    private PredictionReplays() {
    }

    static Done run(List<PredictedWitnesses.Witness> witnesses, JobReplay replays, Path replayDir, int max,
                    Duration timeout, PrintWriter err) throws IOException, InterruptedException {
        List<PredictionOutcome> outcomes = new ArrayList<>();
        int replayed = 0;
        int skipped = 0;
        for (PredictedWitnesses.Witness w : witnesses) {
            if (w.plan() == null) {
                outcomes.add(PredictionOutcome.unreplayable(w));
                continue;
            }
            if (replayed == max) {
                skipped++;
                continue;
            }
            replayed++;
            JobReplay.Result result = replays.run(w.plan(), replayDir.resolve("prediction-" + replayed), w.zero());
            PredictionOutcome outcome = PredictionOutcome.judge(w, result, ReceiveSchedule.receivesOf(result.dir()),
                    timeout);
            outcomes.add(outcome);
            err.printf("[mpiguard] prediction %d (%s): %s (%.1f s)%n", replayed, w.where(),
                    outcome.confirmed() ? "confirmed, the replay deadlocks" : "not confirmed", result.millis() / 1000.0);
            err.flush();
        }
        return new Done(outcomes, replayed, skipped);
    }
}
