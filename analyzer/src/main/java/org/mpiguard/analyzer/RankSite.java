package org.mpiguard.analyzer;

import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.trace.TraceFile;

/** A traced call's place in the user's code, as findings name it. */
record RankSite(int rank, CallSite site) {

    static RankSite of(TraceFile trace, int siteId) {
        return new RankSite(trace.rank(), trace.site(siteId));
    }

    SiteRef ref() {
        return SiteRef.of(site);
    }

    RelatedCall related() {
        return new RelatedCall(rank, site.op(), ref());
    }

    /** {@code rank 2 at Ring.java:31}. */
    String where() {
        return "rank " + rank + " at " + site.location();
    }
}
