package org.mpiguard.adapter;

import org.mpiguard.core.channel.Mailbox;

import org.mpiguard.core.Guard;
import mpi.MPIException;
import org.mpiguard.core.deadlock.CoordinatorTransport;
import org.mpiguard.core.deadlock.RankStatus;
import org.mpiguard.core.report.Finding;

/** Rank 0's coordinator as it reaches the other ranks: through the watchdogs' mailbox. */
final class CoordinatorLink implements CoordinatorTransport {

    private static final byte[] SIGNAL = {0};

    private final Mailbox mailbox;
    private final LocalStatus local;
    private final int size;
    private final Verdicts verdicts;

    CoordinatorLink(Mailbox mailbox, LocalStatus local, int size, Verdicts verdicts) {
        this.mailbox = mailbox;
        this.local = local;
        this.size = size;
        this.verdicts = verdicts;
    }

    @Override
    public void requestStatus(int rank, int round, boolean sample) {
        post(rank, Tags.SNAPSHOT_REQUEST, Mailbox.withRound(round, new byte[] {(byte) (sample ? 1 : 0)}));
    }

    @Override
    public RankStatus localStatus(boolean sample) {
        return local.read(false, sample);
    }

    @Override
    public void stall(Finding finding) {
        Guard.report(finding);
    }

    @Override
    public void releaseAll() {
        for (int r = 1; r < size; r++) {
            post(r, Tags.ALL_FINISHED, SIGNAL);
        }
    }

    @Override
    public void deadlock(Finding finding) {
        try {
            verdicts.deadlock(finding);
        } catch (MPIException e) {
            throw new IllegalStateException("telling the ranks of a deadlock", e);
        }
    }

    @Override
    public void livelock(Finding finding) {
        Guard.report(finding);
    }

    /** A rank that cannot be reached drops what is sent to it, as a rank gone would leave it unmatched. */
    private void post(int dest, int tag, byte[] payload) {
        mailbox.post(dest, tag, payload);
    }
}
