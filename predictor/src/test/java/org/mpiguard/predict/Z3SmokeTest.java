package org.mpiguard.predict;

import com.microsoft.z3.Context;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class Z3SmokeTest {
    @Test
    void z3LoadsAndSolves() {
        try (Context ctx = new Context()) {
            IntExpr x = ctx.mkIntConst("x");
            Solver s = ctx.mkSolver();
            s.add(ctx.mkGt(x, ctx.mkInt(2)), ctx.mkLt(x, ctx.mkInt(4)));
            assertEquals(Status.SATISFIABLE, s.check());
        }
    }
}
