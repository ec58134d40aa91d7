package org.mpiguard.programs.args;

/** {@link RememberedShapes} with every round's arrays distinct and long enough: every call is valid. */
public class RememberedShapesFixed {

    public static void main(String[] args) throws Exception {
        RememberedShapes.run(args, true);
    }
}
