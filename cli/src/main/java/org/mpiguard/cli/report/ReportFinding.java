package org.mpiguard.cli.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One finding as the report reads it back from a rank's JSON lines (the contract of
 * DESIGN.md); fields the report does not know are kept in the merged JSON, not here.
 *
 * @param reportedBy     the rank whose findings file held it (-1 before MPI.Init), or
 *                       {@link FindingsDirectory#BY_ANALYSIS}, {@link FindingsDirectory#BY_EXPLORE}
 * @param key            the bug's key when the online checks and the trace analysis can both find it
 * @param alsoReportedBy the other sides whose finding of the same bug was merged into this one
 *                       ({@link FindingMerge})
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReportFinding(String kind, String severity, List<Integer> ranks, String op, Site site,
                            List<Related> related, String message, List<Status> status, List<Site> stack,
                            int reportedBy, String key, List<Integer> alsoReportedBy) {

    public ReportFinding(String kind, String severity, List<Integer> ranks, String op, Site site,
                         List<Related> related, String message, List<Status> status, List<Site> stack,
                         int reportedBy) {
        this(kind, severity, ranks, op, site, related, message, status, stack, reportedBy, null, List.of());
    }

    public ReportFinding {
        kind = kind == null ? "unknown" : kind;
        severity = severity == null ? "warning" : severity;
        ranks = ranks == null ? List.of() : List.copyOf(ranks);
        op = op == null ? "?" : op;
        related = related == null ? List.of() : List.copyOf(related);
        message = message == null ? "" : message;
        status = status == null ? List.of() : List.copyOf(status);
        stack = stack == null ? List.of() : List.copyOf(stack);
        alsoReportedBy = alsoReportedBy == null ? List.of() : List.copyOf(alsoReportedBy);
    }

    public boolean isError() {
        return severity.equals("error");
    }

    /** Where a call stands in the user's code; {@code line} is -1 without debug information. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Site(@JsonProperty("class") String className, String method, String file, int line) {

        public String location() {
            if (file != null && line > 0) {
                return file + ":" + line;
            }
            return className + "." + method;
        }

        public String qualifiedMethod() {
            return className + "." + method;
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Related(int rank, String op, Site site) {
    }

    /**
     * A rank's state when a deadlock, livelock or stall was found, with whom it waited for and
     * the thread's stack when its watchdog sampled it for the finding.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Status(int rank, String state, String op, Site site, String thread, List<Integer> waitsFor,
                         boolean anyOf, List<Site> stack) {

        public Status {
            state = state == null ? "unknown" : state;
            waitsFor = waitsFor == null ? List.of() : List.copyOf(waitsFor);
            stack = stack == null ? List.of() : List.copyOf(stack);
        }

        public Status(int rank, String state, String op, Site site, String thread, List<Integer> waitsFor,
                      boolean anyOf) {
            this(rank, state, op, site, thread, waitsFor, anyOf, List.of());
        }
    }
}
