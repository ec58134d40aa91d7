package org.mpiguard.core.report;

import java.util.List;

/**
 * One line of the status of every rank that a deadlock finding carries.
 *
 * @param state    running, blocked, finished, exited or unknown
 * @param op       the MPI call it is in or finished with; null when running
 * @param site     where that call stands; null when unknown
 * @param thread   the thread's name
 * @param waitsFor world ranks that could release a blocked thread: the edges of the
 *                 wait-for graph the report draws; empty when not blocked
 * @param anyOf    true if any one of {@code waitsFor} suffices (OR), false if all are needed
 * @param stack    the thread's top frames, sampled by its watchdog for the round that confirmed
 *                 the finding; empty when not taken
 */
public record RankReport(int rank, String state, String op, SiteRef site, String thread, List<Integer> waitsFor,
                         boolean anyOf, List<SiteRef> stack) {

    public RankReport {
        waitsFor = List.copyOf(waitsFor);
        stack = List.copyOf(stack);
    }

    public RankReport(int rank, String state, String op, SiteRef site, String thread, List<Integer> waitsFor,
                      boolean anyOf) {
        this(rank, state, op, site, thread, waitsFor, anyOf, List.of());
    }

    public RankReport(int rank, String state, String op, SiteRef site, String thread) {
        this(rank, state, op, site, thread, List.of(), false);
    }
}
