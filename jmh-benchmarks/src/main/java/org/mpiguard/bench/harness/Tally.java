package org.mpiguard.bench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Everything measured about one kernel. */
final class Tally {
    final Map<Variant, Samples> seconds = Map.of(Variant.PLAIN, new Samples(), Variant.AGENT, new Samples(),
            Variant.TRACED, new Samples());
    final Map<Variant, Samples> peakMib = Map.of(Variant.PLAIN, new Samples(), Variant.AGENT, new Samples(),
            Variant.TRACED, new Samples());
    /** Bytes of the traced runs' trace files over the events they hold (NaN where no trace was read). */
    final Samples traceBytesPerEvent = new Samples();
    String referenceChecksum;
    String detail = "";
    int ranks;
    long findings;
    final List<String> failures = new ArrayList<>();
}
