package org.mpiguard.build;

import java.util.List;

/** The rules of one method of the bindings, in file order: before it, instead of it, after it, and its blocking bracket. */
record MethodRules(List<RuleLine> before, RuleLine call, List<RuleLine> after, RuleLine block) {

    static final MethodRules NONE = new MethodRules(List.of(), null, List.of(), null);

    boolean isEmpty() {
        return before.isEmpty() && call == null && after.isEmpty() && block == null;
    }
}
