package org.mpiguard.bench.kernels;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The kernels of the suite by name, in the order the harness runs them. */
public final class Kernels {

    private static final Map<String, Kernel> ALL = new LinkedHashMap<>();

    static {
        add(new Ep());
        add(new Is());
        add(new Cg());
        add(new Mg());
        add(new Ft());
        add(new PingPong.Latency());
        add(new PingPong.Bandwidth());
        add(new Jacobi2d());
        add(new Jacobi1dRma());
        add(new CgCalls());
    }

    private Kernels() {
    }

    private static void add(Kernel kernel) {
        ALL.put(kernel.name(), kernel);
    }

    /** Every kernel's name, in order. */
    /** What kernel {@code name} exercises, for the table's legend; empty for an unknown name. */
    public static String summary(String name) {
        Kernel kernel = ALL.get(name);
        return kernel == null ? "" : kernel.summary();
    }

    public static List<String> names() {
        return new ArrayList<>(ALL.keySet());
    }

    /** {@code all}, or names joined by {@code ,}; an unknown name is an IllegalArgumentException. */
    static List<Kernel> select(String spec) {
        List<Kernel> chosen = new ArrayList<>();
        for (String name : expand(spec)) {
            chosen.add(ALL.get(name));
        }
        return chosen;
    }

    /** The names {@code spec} stands for, checked; for the harness, which never loads a kernel. */
    public static List<String> expand(String spec) {
        String s = spec.trim().toLowerCase(Locale.ROOT);
        if (s.equals("all")) {
            return names();
        }
        List<String> chosen = new ArrayList<>();
        for (String part : s.split(",")) {
            String name = part.trim();
            if (!ALL.containsKey(name)) {
                throw new IllegalArgumentException("unknown kernel '" + part.trim() + "'");
            }
            if (!chosen.contains(name)) {
                chosen.add(name);
            }
        }
        return chosen;
    }
}
