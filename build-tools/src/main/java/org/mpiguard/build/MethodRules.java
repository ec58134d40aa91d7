package org.mpiguard.build;

import java.util.List;

/**
 * The rules of one method of the bindings, in file order: its gate (a condition under which
 * the real call is made alone, before any other rule), the arguments it rewrites first,
 * then before it, instead of it, after it, its blocking bracket, and what runs when MPI
 * itself returns an error from it.
 */
record MethodRules(RuleLine gate, List<RuleLine> rewrite, List<RuleLine> before, RuleLine call, List<RuleLine> after, RuleLine block,
                   RuleLine error) {

    static final MethodRules NONE = new MethodRules(null, List.of(), List.of(), null, List.of(), null, null);

    boolean isEmpty() {
        return gate == null && rewrite.isEmpty() && before.isEmpty() && call == null && after.isEmpty() && block == null
                && error == null;
    }
}
