package org.mpiguard.junit;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import mpi.MPI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The main of every rank of an {@link MpiTest}: MPI.Init (unless the test makes it), a new
 * instance of the test class, its {@code @BeforeEach} methods, the test method, its
 * {@code @AfterEach} methods, MPI.Finalize. A rank whose test throws writes what it threw to
 * {@code failure-rank<N>.txt} of the report directory and exits with {@link #FAILED} without
 * Finalize, so mpirun ends the other ranks rather than leaving them waiting for it. Its calls
 * into MPI are rewritten by the agent like the test's own.
 *
 * <p>Arguments: test class, method name, how to initialise ({@code no-init}, {@code init}, or
 * {@code init-FUNNELED}, {@code init-SERIALIZED}, {@code init-MULTIPLE}: {@code MPI.InitThread}
 * at that {@link ThreadSupport} level), report directory.
 */
public final class RankMain {

    /** The exit status of a rank whose test failed. */
    static final int FAILED = 1;
    static final String FAILURE_FILE = "failure-rank%d.txt";
    static final String NO_INIT = "no-init";
    static final String INIT = "init";

    private RankMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: RankMain TEST_CLASS METHOD no-init|init|init-LEVEL REPORT_DIR");
            System.exit(2);
        }
        boolean init = !args[2].equals(NO_INIT);
        Path reportDir = Path.of(args[3]);
        Throwable failure = init ? initialise(args[2]) : null;
        if (failure == null) {
            failure = run(args[0], args[1]);
        }
        if (failure != null) {
            int rank = rank();
            String text = stackTrace(failure);
            System.err.print("rank " + rank + " failed: " + text);
            System.err.flush();
            Files.writeString(reportDir.resolve(String.format(FAILURE_FILE, rank)), text, StandardCharsets.UTF_8);
            System.exit(FAILED);
        }
        if (init) {
            MPI.Finalize();
        }
        System.exit(0); // threads the test left behind do not keep the rank alive
    }

    /** The name of the {@code init-LEVEL} argument that asks for {@code level}; {@code init} for SINGLE. */
    static String initArgument(ThreadSupport level) {
        return level == ThreadSupport.SINGLE ? INIT : INIT + "-" + level.name();
    }

    /**
     * MPI.Init, or MPI.InitThread at the level asked for; a failure when MPI provides less
     * (the test would not run as it says it does).
     */
    private static Throwable initialise(String mode) throws Exception {
        if (mode.equals(INIT)) {
            MPI.Init(new String[0]);
            return null;
        }
        ThreadSupport asked = ThreadSupport.valueOf(mode.substring(INIT.length() + 1));
        int provided = MPI.InitThread(new String[0], asked.mpiLevel());
        if (provided < asked.mpiLevel()) {
            return new IllegalStateException("@MpiTest asked MPI for THREAD_" + asked.name() + " and MPI provides "
                    + ThreadSupport.nameOf(provided) + " only");
        }
        return null;
    }

    /** What the test threw, or null when it passed. */
    static Throwable run(String className, String methodName) {
        try {
            Class<?> type = Class.forName(className, true, Thread.currentThread().getContextClassLoader());
            Method test = type.getDeclaredMethod(methodName);
            Constructor<?> constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            Object instance = constructor.newInstance();
            Throwable failure = null;
            try {
                invokeAll(lifecycle(type, BeforeEach.class), instance);
                test.setAccessible(true);
                test.invoke(instance);
            } catch (Throwable t) {
                failure = unwrap(t);
            }
            List<Method> after = lifecycle(type, AfterEach.class);
            Collections.reverse(after);
            try {
                invokeAll(after, instance);
            } catch (Throwable t) {
                if (failure == null) {
                    failure = unwrap(t);
                } else {
                    failure.addSuppressed(unwrap(t));
                }
            }
            return failure;
        } catch (NoSuchMethodException e) {
            return new IllegalStateException("an @MpiTest method takes no parameters and its class needs a constructor"
                    + " without any (a static or top-level class): " + e.getMessage());
        } catch (ReflectiveOperationException | LinkageError e) {
            return unwrap(e);
        }
    }

    /** The methods of {@code type} and its superclasses carrying {@code marker}, superclasses first. */
    private static List<Method> lifecycle(Class<?> type, Class<? extends Annotation> marker) {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            chain.add(0, c);
        }
        List<Method> methods = new ArrayList<>();
        for (Class<?> c : chain) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(marker)) {
                    methods.add(m);
                }
            }
        }
        return methods;
    }

    private static void invokeAll(List<Method> methods, Object instance) throws ReflectiveOperationException {
        for (Method m : methods) {
            m.setAccessible(true);
            m.invoke(instance);
        }
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof InvocationTargetException e && e.getCause() != null ? e.getCause() : t;
    }

    /** The world rank as the launcher gives it (Open MPI, PMIx, MPICH, Slurm), known before Init too. */
    static int rank() {
        for (String name : new String[] {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"}) {
            String value = System.getenv(name);
            if (value != null) {
                try {
                    return Integer.parseInt(value.trim());
                } catch (NumberFormatException e) {
                    // the next one
                }
            }
        }
        return 0;
    }

    private static String stackTrace(Throwable t) {
        StringWriter text = new StringWriter();
        t.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
