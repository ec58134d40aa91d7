package org.mpiguard.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mpiguard.core.report.FindingKind;

/**
 * A test whose body runs on {@link #ranks} MPI ranks: the method is run by {@code mpirun -np
 * RANKS} (oversubscribed, so a laptop or a CI runner will do) in JVMs that carry the MPIGuard
 * agent, each rank on a new instance of the test class with its {@code @BeforeEach} and
 * {@code @AfterEach} methods. The test fails when a rank fails (its assertion message, with the
 * rank) or when MPIGuard finds an error (each finding with its ranks and {@code file:line});
 * with {@link #expect} it passes only when MPIGuard reports that kind of finding. It is
 * skipped, with the reason, when mpirun or the bindings ({@code mpi.jar}) are missing.
 *
 * <pre>
 * &#64;MpiTest(ranks = 4)
 * void haloExchangeKeepsTheHeat() throws MPIException {
 *     double total = Solver.step(MPI.COMM_WORLD, ...);
 *     assertEquals(1.0, total, 1e-9);
 * }
 * </pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Test
@ExtendWith(MpiTestExtension.class)
public @interface MpiTest {

    /** How many ranks run the method. */
    int ranks() default 2;

    /**
     * Whether the ranks call {@code MPI.Init} before the method and {@code MPI.Finalize} after
     * it; false when the method (or the program it starts) makes those calls itself.
     */
    boolean init() default true;

    /**
     * The thread level the ranks initialise MPI at when {@link #init} is true: {@code SINGLE}
     * is {@code MPI.Init}, the others {@code MPI.InitThread} with that level (a rank fails when
     * MPI provides less). A body that calls MPI on another thread, such as inside
     * {@code assertTimeoutPreemptively}, needs {@code MULTIPLE} (or {@code SERIALIZED}), or MPIGuard
     * warns of the call ({@code env.thread-level}).
     */
    ThreadSupport threadLevel() default ThreadSupport.SINGLE;

    /**
     * The agent's options, {@code key=value} each, as after {@code -javaagent:mpiguard-agent.jar=}
     * (for example {@code "checks=all"}, {@code "timeout=2s"}, {@code "trace=on"}).
     */
    String[] options() default {};

    /**
     * The time limit of the whole job in seconds. A job still running then is ended and the
     * test fails with what MPIGuard found by then (its stall findings come before the limit).
     */
    int timeoutSeconds() default 120;

    /**
     * The kinds of finding this test proves MPIGuard reports (a test of a planted bug): the
     * test passes only when every kind listed is among the findings, whatever else failed.
     */
    FindingKind[] expect() default {};
}
