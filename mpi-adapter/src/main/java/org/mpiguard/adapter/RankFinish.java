package org.mpiguard.adapter;

import org.mpiguard.core.channel.Mailbox;

import java.util.concurrent.TimeUnit;
import mpi.MPIException;
import org.mpiguard.core.deadlock.Coordinator;
import org.mpiguard.core.deadlock.RankStatus;
import org.mpiguard.core.deadlock.StatusCodec;

/**
 * How this rank tells rank 0's coordinator that it has finished (reached Finalize), left
 * without Finalize, or lost its watchdog to a fault, so that nobody waits for it.
 */
final class RankFinish {

    /** How long Finalize waits for the left neighbours to take this rank's last ring message. */
    private static final long FINAL_RING_MILLIS = 2000;

    private final Mailbox mailbox;
    private final LocalStatus local;
    private final int rank;
    private final RingStreamer ring;
    private final Coordinator coordinator;
    private final CoordinatorLink link;
    private boolean announced;
    private long finalRingDeadline = -1;

    RankFinish(Mailbox mailbox, LocalStatus local, int rank, RingStreamer ring, Coordinator coordinator,
               CoordinatorLink link) {
        this.mailbox = mailbox;
        this.local = local;
        this.rank = rank;
        this.ring = ring;
        this.coordinator = coordinator;
        this.link = link;
    }

    /**
     * A round while Finalize waits. The last ring message to each left neighbour goes
     * synchronously, and this rank announces it has finished only once every neighbour has
     * taken it (or after {@link #FINAL_RING_MILLIS}, should one be gone): the coordinator
     * lets the watchdogs stop only when every rank has announced, so no rank stops before
     * it has compared its right neighbour's last calls.
     */
    void finishing(long now) throws MPIException {
        if (announced) {
            return;
        }
        if (finalRingDeadline < 0) {
            finalRingDeadline = now + FINAL_RING_MILLIS;
            if (ring != null) {
                ring.send(true);
            }
        }
        if (ring == null || ring.lastTaken() || now >= finalRingDeadline) {
            announced = true;
            RankStatus status = local.read(false);
            if (coordinator != null) {
                coordinator.onFinished(0, status);
            } else {
                mailbox.post(0, Tags.FINISHED, StatusCodec.encode(status));
            }
        }
    }

    /** From the shutdown hook's thread, when the rank leaves without Finalize. */
    void exiting() {
        if (rank == 0) {
            return;
        }
        try {
            mailbox.sendNow(0, Tags.EXITED, StatusCodec.encode(local.read(true)), 300);
        } catch (Throwable ignored) {
            // the job is going down anyway; nothing more to save
        }
    }

    /** After a fault of the watchdog, the coordination must not hold anyone in Finalize. */
    void detachAfterFault() {
        try {
            if (rank == 0) {
                link.releaseAll();
            } else {
                mailbox.post(0, Tags.FINISHED, StatusCodec.encode(RankStatus.unknown(rank)));
            }
            mailbox.completeSends(TimeUnit.SECONDS.toNanos(2));
        } catch (Throwable ignored) {
            // nothing more can be done from here
        }
    }
}
