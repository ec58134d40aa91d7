package org.mpiguard.programs.leak;

import mpi.Struct;

/** A program's own Struct: a position and a weight, as the bindings' examples declare one. */
final class Particle extends Struct {
    private final int position = addInt();
    private final int weight = addDouble();

    @Override
    protected Data newData() {
        return new Data();
    }

    final class Data extends Struct.Data {
        void set(int p, double w) {
            putInt(position, p);
            putDouble(weight, w);
        }

        int position() {
            return getInt(position);
        }

        double weight() {
            return getDouble(weight);
        }
    }
}
