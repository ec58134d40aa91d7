package org.mpiguard.analyzer;

import org.mpiguard.core.trace.Signature;

/**
 * The standard's type-matching rule between what a sender sent and what the receiver
 * described: the send's type signature must be a prefix of the receive's. MPI.PACKED on
 * either side matches any signature (only the bytes are compared); MPI.BYTE matches
 * only MPI.BYTE, but a typed message received or sent as bytes works on one machine
 * and is only unportable, so it is its own verdict.
 */
final class SignatureComparison {

    /** Elements compared at most per pair: a huge derived type is compared on its first ones. */
    private static final long MAX_STEPS = 1 << 20;

    enum Verdict { MATCH, UNTYPED, MISMATCH, TRUNCATED }

    /**
     * @param element the first element that differs (MISMATCH), or the number of elements the
     *                receive holds (TRUNCATED)
     */
    record Result(Verdict verdict, long element, int sentCode, int receivedCode) {
    }

    /** The verdict of nearly every message: one instance (a comparison is made per message). */
    private static final Result MATCHED = new Result(Verdict.MATCH, 0, 0, 0);

    private SignatureComparison() {
    }

    /** The send's message against the receive's buffer (prefix rule). */
    static Result prefix(Signature send, long sendCount, Signature recv, long recvCount) {
        return compare(send, sendCount, recv, recvCount, false);
    }

    /** Two descriptions of the same data, as collectives require: equal signatures. */
    static Result equal(Signature a, long aCount, Signature b, long bCount) {
        return compare(a, aCount, b, bCount, true);
    }

    private static Result compare(Signature send, long sendCount, Signature recv, long recvCount, boolean exact) {
        if (send == null || recv == null || sendCount <= 0) {
            return MATCHED;
        }
        if (sendCount == recvCount || (!exact && sendCount < recvCount)) {
            // the same type both sides (the usual message): one is the other, or its prefix
            if (send.sameRunsAs(recv)) {
                return MATCHED;
            }
        }
        boolean sendPacked = send.allOf(Signature.PACKED);
        boolean recvPacked = recv.allOf(Signature.PACKED);
        boolean sendBytes = send.allOf(Signature.BYTE);
        boolean recvBytes = recv.allOf(Signature.BYTE);
        if (sendPacked || recvPacked || sendBytes != recvBytes) {
            long sent = sendCount * send.size();
            long room = recvCount * recv.size();
            if (sent > room || (exact && sent != room)) {
                return new Result(Verdict.TRUNCATED, room, 0, 0);
            }
            boolean untyped = !(sendPacked || recvPacked) && sendBytes != recvBytes;
            return new Result(untyped ? Verdict.UNTYPED : Verdict.MATCH, 0, first(send), first(recv));
        }
        Runs s = new Runs(send, sendCount);
        Runs r = new Runs(recv, recvCount);
        long element = 0;
        for (long steps = 0; steps < MAX_STEPS && s.more(); steps++) {
            if (!r.more()) {
                return new Result(Verdict.TRUNCATED, element, 0, 0);
            }
            if (s.code() != r.code()) {
                return new Result(Verdict.MISMATCH, element, s.code(), r.code());
            }
            long n = Math.min(s.left(), r.left());
            s.take(n);
            r.take(n);
            element += n;
        }
        if (exact && !s.more() && r.more()) {
            return new Result(Verdict.TRUNCATED, element, 0, 0);
        }
        return MATCHED;
    }

    private static int first(Signature s) {
        return s.codes().length == 0 ? 0 : s.codes()[0];
    }

    /** Walks {@code count} repetitions of a signature run by run, never element by element. */
    private static final class Runs {
        private final Signature sig;
        private long repetitionsLeft;
        private int run;
        private long leftInRun;

        Runs(Signature sig, long count) {
            this.sig = sig;
            this.repetitionsLeft = sig.codes().length == 0 ? 0 : count;
            if (repetitionsLeft > 0) {
                leftInRun = sig.reps()[0];
                if (sig.codes().length == 1) {
                    // one base type: the whole message is a single run
                    leftInRun = sig.reps()[0] * count;
                    repetitionsLeft = 1;
                }
                skipEmpty();
            }
        }

        boolean more() {
            return repetitionsLeft > 0;
        }

        int code() {
            return sig.codes()[run];
        }

        long left() {
            return leftInRun;
        }

        void take(long n) {
            leftInRun -= n;
            skipEmpty();
        }

        private void skipEmpty() {
            while (repetitionsLeft > 0 && leftInRun == 0) {
                run++;
                if (run == sig.codes().length) {
                    run = 0;
                    repetitionsLeft--;
                    if (repetitionsLeft == 0) {
                        return;
                    }
                }
                leftInRun = sig.reps()[run];
            }
        }
    }
}
