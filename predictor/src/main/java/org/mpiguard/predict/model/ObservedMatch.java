package org.mpiguard.predict.model;

/**
 * The message a receive took in the observed run, and what of it the program then read.
 * A program that reads the Status's source or tag of a wildcard receive (a master sending
 * the next task to {@code status.getSource()}) may do anything else in a schedule where the
 * receive takes another sender's message: its later calls are known only for the match it
 * had.
 *
 * @param source     the sender's world rank
 * @param tag        the message's tag
 * @param sourceRead the program asked the Status for its source
 * @param tagRead    the program asked the Status for its tag
 */
public record ObservedMatch(int source, int tag, boolean sourceRead, boolean tagRead) {

    /** Whether the rank's later calls stay as recorded when it takes this sender's message with this tag. */
    public boolean keepsCalls(int sender, int sendTag) {
        return (!sourceRead || sender == source) && (!tagRead || sendTag == tag);
    }

    /** Whether a message of this sender with this tag is the one the run took (as far as a program can tell). */
    public boolean same(int sender, int sendTag) {
        return sender == source && sendTag == tag;
    }
}
