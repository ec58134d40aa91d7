package org.mpiguard.adapter;

import org.mpiguard.core.channel.Mailbox;

import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.core.Guard;
import java.util.concurrent.TimeUnit;
import mpi.MPI;
import mpi.MPIException;
import org.mpiguard.core.ExitCodes;
import org.mpiguard.core.options.OnError;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.Severity;

/**
 * What follows an error finding of the watchdogs: it is reported, every rank learns of it
 * (so none reports its own exit as noise when the job goes down), and with
 * {@code on-error=abort} the job ends through MPI_Abort.
 */
final class Verdicts implements RingStreamer.MismatchSink {

    private static final byte[] SIGNAL = {0};

    private final Mailbox mailbox;
    private final int rank;
    private final int size;
    private final OnError onError;
    private volatile boolean seen;

    Verdicts(Mailbox mailbox, int rank, int size, OnError onError) {
        this.mailbox = mailbox;
        this.rank = rank;
        this.size = size;
        this.onError = onError;
    }

    /** Whether this rank made or heard of an error finding. */
    boolean seen() {
        return seen;
    }

    /** Another rank's watchdog made one. */
    void heard() {
        seen = true;
    }

    /** A collective mismatch found by this rank's side of the ring (a warning where it may still complete). */
    @Override
    public void mismatch(Finding finding) {
        Guard.report(finding);
        if (finding.severity() != Severity.ERROR) {
            return;
        }
        seen = true;
        if (onError == OnError.ABORT) {
            abortJob();
        }
    }

    /** A deadlock confirmed by rank 0's coordinator. */
    void deadlock(Finding finding) throws MPIException {
        Guard.report(finding);
        seen = true;
        if (onError == OnError.ABORT) {
            abortJob();
        } else {
            for (int r = 1; r < size; r++) {
                mailbox.post(r, Tags.VERDICT, SIGNAL);
            }
        }
    }

    private void abortJob() {
        try {
            for (int r = 0; r < size; r++) {
                if (r != rank) {
                    mailbox.post(r, Tags.VERDICT, SIGNAL);
                }
            }
            mailbox.completeSends(TimeUnit.MILLISECONDS.toNanos(500));
            TraceSession.flush();
            MPI.COMM_WORLD.abort(ExitCodes.ABORTED_ON_FINDING);
        } catch (MPIException e) {
            Guard.fault("aborting the job after a finding", e);
        }
    }
}
