package org.mpiguard.core;

import java.io.PrintStream;
import org.mpiguard.core.options.Options;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.FindingSink;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.report.StackCapture;
import org.mpiguard.core.site.CallSite;
import org.mpiguard.core.site.CallSites;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The process-wide state every piece of advice reads: the options the agent started
 * with, this process's world rank once MPI gave it one, where findings go, and the
 * fail-open rule for faults of the checker itself. MPI-free: the adapter tells it the
 * rank.
 */
public final class Guard {

    private static volatile Options options = Options.defaults();
    /** Captured at start so a program that replaces System.err still gets our reports. */
    private static final PrintStream ERR = System.err;
    private static volatile FindingSink sink;
    /** Places whose fault was said; bounded, so a checker failing everywhere cannot grow it. */
    private static final Set<String> FAULTS_SAID = ConcurrentHashMap.newKeySet();
    private static final int MAX_FAULT_PLACES = 64;
    private static volatile int rank = -1;

    private Guard() {
    }

    /** Called once by the agent's premain. */
    public static void configure(Options configured) {
        options = configured;
    }

    public static Options options() {
        return options;
    }

    /** Findings before MPI.Init know no rank yet; they go to a per-process file. */
    public static void rankKnown(int worldRank) {
        rank = worldRank;
        sink = new FindingSink(options.reportDir(), worldRank, ERR, StackCapture.of(options));
    }

    public static void report(Finding finding) {
        sink().report(finding);
    }

    /** Where findings go: this rank's, or before MPI.Init the per-process file's. */
    public static FindingSink sink() {
        FindingSink s = sink;
        if (s == null) {
            s = new FindingSink(options.reportDir(), -1, ERR, StackCapture.of(options));
            sink = s;
        }
        return s;
    }

    /**
     * A fault inside the checker: said once per place ({@code where}), never thrown at the
     * program. The real MPI call the advice wraps still happens.
     */
    public static void fault(String where, Throwable t) {
        if (t instanceof LeftToMpi || FAULTS_SAID.size() >= MAX_FAULT_PLACES || !FAULTS_SAID.add(where)) {
            return;
        }
        try {
            CallSite site = CallSites.UNKNOWN;
            report(new Finding(FindingKind.CHECKER_FAULT, Severity.WARNING, List.of(rank),
                    where, SiteRef.of(site), List.of(),
                    "MPIGuard hit an internal fault in " + where + " (" + t + "); the program continues unchecked"
                            + " where this fault recurs. Please report it with this message.",
                    List.of()));
        } catch (Throwable ignored) {
            ERR.println("[MPIGuard] internal fault in " + where + ": " + t);
        }
    }
}
