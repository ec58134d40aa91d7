package org.mpiguard.programs.args;

/** {@link RememberedThenFreed} without the frees before the last calls: every call is valid. */
public class RememberedThenFreedFixed {

    public static void main(String[] args) throws Exception {
        RememberedThenFreed.run(args, true);
    }
}
