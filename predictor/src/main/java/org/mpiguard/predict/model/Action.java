package org.mpiguard.predict.model;

/**
 * One action of one rank, in program order. Peers are world ranks (the builder translates
 * communicator ranks), {@link TraceProgram#ANY} stands for {@code ANY_SOURCE} and {@code ANY_TAG}.
 *
 * @param seq     position in its rank's sequence
 * @param peer    destination of a send, source of a receive, -1 otherwise
 * @param request for a wait, the {@code seq} of the send or receive it waits for; -1 otherwise
 * @param group   for a barrier, its group number in the program; -1 otherwise
 * @param observed for a receive, the message it took in the observed run; null when not known
 */
public record Action(int rank, int seq, Kind kind, int comm, int peer, int tag, SendMode mode, int request,
                     int group, Call call, ObservedMatch observed) {

    Action withObserved(ObservedMatch match) {
        return new Action(rank, seq, kind, comm, peer, tag, mode, request, group, call, match);
    }

    Action withCall(Call c) {
        return new Action(rank, seq, kind, comm, peer, tag, mode, request, group, c, observed);
    }

    public boolean wildcard() {
        return kind == Kind.RECV && (peer == TraceProgram.ANY || tag == TraceProgram.ANY);
    }
}
