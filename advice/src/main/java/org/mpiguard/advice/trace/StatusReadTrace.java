package org.mpiguard.advice.trace;

import org.mpiguard.adapter.trace.StatusFields;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * The program's reads of a Status's source and tag into this rank's trace
 * (status-reads.rules): the analyses learn which wildcard receives the program's later
 * calls may depend on. A Status is often read many times (a loop condition, a log line);
 * each thread records a given Status's source, and its tag, once in a row.
 */
public final class StatusReadTrace {

    /** Per thread, the Status last recorded for each field (index 1 source, 2 tag). */
    // an initialValue, not withInitial(lambda): no call site to link at class initialisation
    private static final ThreadLocal<Object[]> LAST = new ThreadLocal<>() {
        @Override
        protected Object[] initialValue() {
            return new Object[3];
        }
    };

    private StatusReadTrace() {
    }

    /** After {@code Status.getSource()} or {@code getTag()} returned. */
    public static void read(Object status, int field, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r == null || status == null) {
            return;
        }
        Object[] last = LAST.get();
        if (last[field] == status) {
            return;
        }
        last[field] = status;
        // the checker's own calls are not rewritten: these two reads record nothing
        r.statusRead(site, field, StatusFields.source(status), StatusFields.tag(status));
    }
}
