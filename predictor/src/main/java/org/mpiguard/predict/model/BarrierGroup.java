package org.mpiguard.predict.model;

import java.util.List;

/**
 * The n-th collective on one communicator: it completes once every rank of the communicator
 * has issued it. {@code members} are the ranks that did in the observed run.
 *
 * @param atFinalize true for the barrier every rank ends with (its Finalize, or its last call)
 */
public record BarrierGroup(int id, int comm, int ordinal, String op, List<Integer> expected, boolean atFinalize) {
}
