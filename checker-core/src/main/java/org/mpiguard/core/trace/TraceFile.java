package org.mpiguard.core.trace;

import java.util.List;
import java.util.Map;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

/**
 * One rank's trace as read back: its header, events in order, the definitions they use,
 * and whether it is whole (an END record: the rank reached Finalize and closed it) and how
 * many events the recorder had to drop. {@code truncatedAt} is the offset of a record the
 * file stops inside (a rank killed while writing), or -1.
 */
public record TraceFile(int version, int rank, int worldSize, long startMillis, List<TraceEvent> events,
                        Map<Integer, CallSite> sites, Map<Integer, Signature> signatures,
                        Map<Integer, int[]> rankSets, long dropped, boolean complete,
                        long truncatedAt) {

    public CallSite site(int id) {
        CallSite s = sites.get(id);
        return s == null ? CallSites.UNKNOWN : s;
    }

    /** The signature of an id: a predefined type's, a defined one, or null if neither. */
    public Signature signature(int id) {
        if (Signature.isBasic(id)) {
            return Signature.basic(id);
        }
        return signatures.get(id);
    }
}
