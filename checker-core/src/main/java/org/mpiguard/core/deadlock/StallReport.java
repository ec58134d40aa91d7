package org.mpiguard.core.deadlock;

import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/**
 * Turns a confirmed stall into a warning: the running rank's place (its thread's top
 * frame, from the second sample, and whether it moved since the first) is the finding's
 * site; the waiting ranks' calls are the related sites.
 */
final class StallReport {

    /** Frames of the running thread said in the message. */
    private static final int FRAMES_SAID = 3;

    private StallReport() {
    }

    /** The rank's thread outside MPI that carries a sampled stack ("main" first); null if none. */
    static ThreadStatus runningThread(RankStatus s) {
        ThreadStatus found = null;
        for (ThreadStatus t : s.threads()) {
            if (!t.blocked() && !t.stack().isEmpty() && (found == null || "main".equals(t.thread()))) {
                found = t;
            }
        }
        return found;
    }

    static Finding finding(RankStatus[] first, RankStatus[] second, List<Integer> waiting, List<Integer> running,
                           long stallTimeoutMillis) {
        List<RelatedCall> related = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        SiteRef site = null;
        String op = "running";
        for (int r : running) {
            ThreadStatus now = runningThread(second[r]);
            ThreadStatus before = first[r] == null ? null : runningThread(first[r]);
            List<String> top = now.stack().subList(0, Math.min(FRAMES_SAID, now.stack().size()));
            boolean moved = before == null || !before.stack().equals(now.stack());
            parts.add("rank " + r + " runs outside MPI at " + String.join(" < ", top)
                    + (moved ? " (it moved between two samples)" : " (the same place in two samples)"));
            SiteRef where = frameSite(now.stack().get(0));
            if (site == null) {
                site = where;
            } else {
                related.add(new RelatedCall(r, op, where));
            }
        }
        List<String> waits = new ArrayList<>();
        for (int r : waiting) {
            ThreadStatus t = second[r].blockedThread();
            if (t != null) {
                waits.add("rank " + r + " in " + t.op() + " at " + t.location());
                related.add(new RelatedCall(r, t.op(), DeadlockReport.siteOf(t)));
            }
        }
        String message = "Stall: " + String.join("; ", waits) + " have waited more than " + stallTimeoutMillis
                + " ms without progress, while " + String.join("; ", parts) + ". This is no deadlock: the waits end"
                + " when the running rank reaches its MPI call, if it ever does; check that its loop or I/O ends.";
        return new Finding(FindingKind.STALL, Severity.WARNING, new ArrayList<>(running), op, site, related, message,
                DeadlockReport.status(second));
    }

    /** A frame as {@code Class.method(File.java:12)} (perhaps after {@code module/}) as a site. */
    static SiteRef frameSite(String frame) {
        String text = frame.substring(frame.lastIndexOf('/', frame.indexOf('(') < 0 ? frame.length() : frame.indexOf('(')) + 1);
        int open = text.indexOf('(');
        String qualified = open < 0 ? text : text.substring(0, open);
        int dot = qualified.lastIndexOf('.');
        String className = dot < 0 ? qualified : qualified.substring(0, dot);
        String method = dot < 0 ? "?" : qualified.substring(dot + 1);
        String file = null;
        int line = -1;
        if (open >= 0) {
            String inside = text.substring(open + 1, text.length() - 1);
            int colon = inside.lastIndexOf(':');
            if (colon > 0) {
                file = inside.substring(0, colon);
                try {
                    line = Integer.parseInt(inside.substring(colon + 1));
                } catch (NumberFormatException e) {
                    line = -1;
                }
            } else if (inside.endsWith(".java")) {
                file = inside;
            }
        }
        return new SiteRef(className, method, file, line);
    }
}
