package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;

/** Records what the coordinator asks for; rank 0's own status is whatever the test sets. */
final class RecordingTransport implements CoordinatorTransport {
    final List<String> requests = new ArrayList<>();
    final List<Finding> deadlocks = new ArrayList<>();
    final List<Finding> livelocks = new ArrayList<>();
    final List<Finding> stalls = new ArrayList<>();
    final List<Boolean> samples = new ArrayList<>();
    RankStatus local;
    int releases;

    @Override
    public void requestStatus(int rank, int round, boolean sample) {
        requests.add(rank + "@" + round);
        samples.add(sample);
    }

    @Override
    public RankStatus localStatus(boolean sample) {
        return local;
    }

    @Override
    public void stall(Finding finding) {
        stalls.add(finding);
    }

    @Override
    public void releaseAll() {
        releases++;
    }

    @Override
    public void deadlock(Finding finding) {
        deadlocks.add(finding);
    }

    @Override
    public void livelock(Finding finding) {
        livelocks.add(finding);
    }
}
