package org.mpiguard.build;

/**
 * One line of a rules file: {@code Key phase expression}. {@code where()} names it as
 * every error about it does, {@code file.rules:line}; {@code family} is its file's place in
 * the declared order of the rules directory.
 */
record RuleLine(String file, int family, int line, String key, String phase, String expression) {

    String where() {
        return file + ":" + line;
    }

    /**
     * The statement or expression as the trampoline holds it. Phases {@code check} and
     * {@code record} are made fail-open: a fault of the checker goes to Guard.fault,
     * named by this line, and the call goes on.
     */
    String code() {
        if (phase.equals("rewrite")) {
            // the assignment completes only if the expression returns: a fault keeps the program's argument
            return "try { " + expression + "; } catch (RuntimeException | LinkageError fault) { "
                    + "org.mpiguard.core.Guard.fault(\"" + where() + "\", fault); }";
        }
        if (phase.equals("check") || phase.equals("record")) {
            return "try { " + expression + "; } catch (RuntimeException | LinkageError fault) { "
                    + "org.mpiguard.core.Guard.fault(\"" + where() + "\", fault); }";
        }
        return expression;
    }

    /** The argument a rewrite rule assigns ({@code a3} of {@code a3 = ...}). */
    String rewritten() {
        return expression.substring(0, expression.indexOf('=')).strip();
    }

    /** rewrite, before, after, call, block or error: where the code goes in the trampoline. */
    String slot() {
        return switch (phase) {
            case "check" -> "before";
            case "record" -> "after";
            default -> phase;
        };
    }
}
