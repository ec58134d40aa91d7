package org.mpiguard.core.report;

/**
 * One line of the status of every rank that a deadlock finding carries.
 *
 * @param state  running, blocked, finished, exited or unknown
 * @param op     the MPI call it is in or finished with; null when running
 * @param site   where that call stands; null when unknown
 * @param thread the thread's name
 */
public record RankReport(int rank, String state, String op, SiteRef site, String thread) {
}
