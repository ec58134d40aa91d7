package org.mpiguard.bench.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Measurements of one quantity: median and spread. */
final class Samples {

    private final List<Double> values = new ArrayList<>();

    void add(double v) {
        values.add(v);
    }

    double median() {
        List<Double> sorted = sorted();
        int n = sorted.size();
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    double last() {
        return values.isEmpty() ? Double.NaN : values.get(values.size() - 1);
    }

    double min() {
        return values.isEmpty() ? Double.NaN : Collections.min(values);
    }

    double max() {
        return values.isEmpty() ? Double.NaN : Collections.max(values);
    }

    private List<Double> sorted() {
        List<Double> copy = new ArrayList<>(values);
        Collections.sort(copy);
        return copy;
    }

    /** The median of several medians (or ratios), for the summary line. */
    static double medianOf(List<Double> xs) {
        Samples s = new Samples();
        xs.forEach(s::add);
        return s.median();
    }
}
