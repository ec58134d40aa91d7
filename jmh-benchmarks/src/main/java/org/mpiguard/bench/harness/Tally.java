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
    /** The last traced run's trace files (bytes, events). */
    TraceFootprint.Footprint trace = TraceFootprint.Footprint.NONE;
    String referenceChecksum;
    String detail = "";
    int ranks;
    long findings;
    final List<String> failures = new ArrayList<>();
}
