package org.mpiguard.build;

import java.util.List;

/**
 * The rules of one method of the bindings, in file order: the arguments it rewrites first,
 * then before it, instead of it, after it, its blocking bracket, and what runs when MPI
 * itself returns an error from it.
 */
record MethodRules(List<RuleLine> rewrite, List<RuleLine> before, RuleLine call, List<RuleLine> after, RuleLine block,
                   RuleLine error) {

    static final MethodRules NONE = new MethodRules(List.of(), List.of(), null, List.of(), null, null);

    boolean isEmpty() {
        return rewrite.isEmpty() && before.isEmpty() && call == null && after.isEmpty() && block == null
                && error == null;
    }
}
