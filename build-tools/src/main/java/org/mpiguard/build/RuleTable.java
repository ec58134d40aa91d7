package org.mpiguard.build;

import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The rule tables: every {@code *.rules} file of a directory (one per API family), each
 * line {@code Key phase expression}, where Key is {@code DeclaringClass.method},
 * {@code DeclaringClass.method(SimpleType,...)} to pick one overload,
 * {@code DeclaringClass.<init>(SimpleType,...)} for a constructor, {@code Class.*} or
 * {@code *} for every method (not constructor) that declares MPIException, i.e. every call
 * that can reach MPI. Phases: {@code gate} (a boolean expression evaluated first: when true
 * the real call is made alone, without any other rule, and its result returned; one per
 * method), {@code rewrite} ({@code aN = expression}: the argument is
 * replaced before every other rule and the real call see it, fail-open: a fault keeps the
 * program's value; one per argument of a method), {@code before} and {@code after} (statements; {@code after}
 * may read {@code result}), {@code check} and {@code record} (the same, fail-open),
 * {@code call} (an expression made instead of the real call) and {@code block} (an
 * expression returning the thread's ThreadActivity, entered as the blocking bracket around
 * the call: the only way to declare one) and {@code error} (a statement run when the real
 * call throws MPIException, which it then rethrows; it may read {@code error}, the
 * exception, and {@code handle}, the receiver or else the first argument or null: one per
 * method, the most specific key winning). Expressions use the trampoline's parameters:
 * {@code self}, {@code a0..aN}, {@code site}. Blank lines and {@code #} comments are skipped.
 *
 * <p>A line that cannot be right is an error naming its {@code file.rules:line}: bad
 * syntax, a class of the checker its expression names that does not exist or has no such
 * static method, the same rule twice, two {@code block} or {@code call} rules for one key,
 * an argument the method does not have, {@code result} outside an after-rule, or a key
 * naming no method of the bindings.
 */
final class RuleTable {

    static final String WILDCARD = "*";
    private static final Set<String> PHASES = Set.of("gate", "rewrite", "before", "after", "call", "block", "check",
            "record", "error");
    /** A qualified static call of the checker's own code: class and method. */
    private static final Pattern CHECKER_CALL = Pattern.compile("\\b(org\\.mpiguard\\.[\\w.]*?\\.[A-Z]\\w*)\\.(\\w+)\\s*\\(");
    private static final Pattern ARGUMENT = Pattern.compile("\\ba(\\d+)\\b");
    private static final Pattern RESULT = Pattern.compile("\\bresult\\b");
    private static final Pattern SELF = Pattern.compile("\\bself\\b");
    /** A rewrite rule's expression: an argument, '=', the new value. */
    private static final Pattern REWRITE = Pattern.compile("a\\d+\\s*=[^=].*");

    private static final Comparator<RuleLine> FAMILY_ORDER = Comparator.comparingInt(RuleLine::family);

    private final Map<String, List<RuleLine>> byKey = new TreeMap<>();
    private final Set<String> matched = new HashSet<>();
    private final Set<String> errors = new LinkedHashSet<>();
    /** Checker methods ({@code Class.method}) rules call that declare MpiFailure. */
    private final Set<String> raising = new HashSet<>();
    private static final String MPI_FAILURE = "org.mpiguard.core.MpiFailure";
    private int size;

    /** The file of a rules directory that lists its families, one rules file's base name a line, in the order they run. */
    static final String ORDER_FILE = "order";

    /**
     * Reads every {@code *.rules} file of {@code dir} in the order its {@code order} file
     * declares (arguments first, then the families that act on the call's outcome): within a
     * phase, a method's rules run family by family in that order, whatever the files are
     * called. A directory of one rules file needs no order. {@code checker} loads the classes
     * rules name.
     */
    static RuleTable read(Path dir, ClassLoader checker) throws IOException {
        RuleTable rules = new RuleTable();
        if (!Files.isDirectory(dir)) {
            return rules;
        }
        List<Path> files;
        try (var stream = Files.list(dir)) {
            files = stream.filter(p -> p.toString().endsWith(".rules")).sorted().toList();
        }
        List<Path> ordered = rules.declaredOrder(dir, files);
        for (int family = 0; family < ordered.size(); family++) {
            Path file = ordered.get(family);
            int lineNo = 0;
            for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                lineNo++;
                rules.add(file.getFileName().toString(), family, lineNo, text.strip(), checker);
            }
        }
        return rules;
    }

    /** The rules files in the order the directory's order file names them; what it leaves out or names wrongly is an error. */
    private List<Path> declaredOrder(Path dir, List<Path> files) throws IOException {
        Path orderFile = dir.resolve(ORDER_FILE);
        if (!Files.exists(orderFile)) {
            if (files.size() > 1) {
                errors.add(ORDER_FILE + ": missing; " + files.size() + " rules files need their order declared"
                        + " (one base name a line, the first family runs first)");
            }
            return files;
        }
        List<Path> ordered = new ArrayList<>();
        int lineNo = 0;
        for (String text : Files.readAllLines(orderFile, StandardCharsets.UTF_8)) {
            lineNo++;
            String name = text.strip();
            if (name.isEmpty() || name.startsWith("#")) {
                continue;
            }
            Path file = dir.resolve(name + ".rules");
            if (!files.contains(file)) {
                errors.add(ORDER_FILE + ":" + lineNo + ": no file " + name + ".rules");
            } else if (ordered.contains(file)) {
                errors.add(ORDER_FILE + ":" + lineNo + ": " + name + " is listed twice");
            } else {
                ordered.add(file);
            }
        }
        for (Path file : files) {
            if (!ordered.contains(file)) {
                errors.add(file.getFileName() + ": not in " + ORDER_FILE + "; add its base name where its family runs");
            }
        }
        return ordered;
    }

    private void add(String file, int family, int lineNo, String text, ClassLoader checker) {
        if (text.isEmpty() || text.startsWith("#")) {
            return;
        }
        String[] parts = text.split("\\s+", 3);
        if (parts.length < 3 || !PHASES.contains(parts[1])) {
            errors.add(file + ":" + lineNo + ": expected 'Class.method[(Types)] gate|rewrite|before|after|call|block|check"
                    + "|record|error expression'");
            return;
        }
        RuleLine line = new RuleLine(file, family, lineNo, parts[0], parts[1], parts[2]);
        if (line.phase().equals("rewrite") && !REWRITE.matcher(line.expression()).matches()) {
            errors.add(line.where() + ": a rewrite rule reads 'aN = expression'");
            return;
        }
        checkNamedCode(line, checker);
        List<RuleLine> same = byKey.computeIfAbsent(line.key(), k -> new ArrayList<>());
        for (RuleLine other : same) {
            if (other.slot().equals(line.slot()) && other.expression().equals(line.expression())) {
                errors.add(line.where() + ": the same rule as " + other.where());
            } else if (other.slot().equals(line.slot()) && (line.slot().equals("block") || line.slot().equals("call")
                    || line.slot().equals("error") || line.slot().equals("gate"))) {
                errors.add(line.where() + ": a second '" + line.slot() + "' rule for " + line.key() + " (first at "
                        + other.where() + ")");
            }
        }
        same.add(line);
        size++;
    }

    /** Every class of the checker the expression calls must exist and have a static method of that name. */
    private void checkNamedCode(RuleLine line, ClassLoader checker) {
        Matcher m = CHECKER_CALL.matcher(line.expression());
        while (m.find()) {
            String className = m.group(1);
            String method = m.group(2);
            try {
                Class<?> c = Class.forName(className, false, checker);
                boolean found = false;
                for (Method candidate : c.getMethods()) {
                    boolean named = candidate.getName().equals(method) && Modifier.isStatic(candidate.getModifiers());
                    found |= named;
                    if (named && declares(candidate.getExceptionTypes(), MPI_FAILURE)) {
                        raising.add(className + "." + method);
                    }
                }
                if (!found) {
                    errors.add(line.where() + ": " + className + " has no public static method " + method);
                }
            } catch (ClassNotFoundException | LinkageError e) {
                errors.add(line.where() + ": unknown class " + className);
            }
        }
    }

    /** The rules of the method (or, with name {@code <init>}, constructor) {@code method} of class {@code declaring}. */
    MethodRules forCall(String declaring, String name, Executable method) {
        Class<?>[] params = method.getParameterTypes();
        String plain = declaring + "." + name;
        StringBuilder typed = new StringBuilder(plain).append('(');
        for (int i = 0; i < params.length; i++) {
            typed.append(i == 0 ? "" : ",").append(params[i].getSimpleName());
        }
        typed.append(')');
        List<String> keys = new ArrayList<>();
        if (method instanceof Method m && declaresMpiException(m)) {
            keys.add(WILDCARD);
            keys.add(declaring + "." + WILDCARD);
        }
        keys.add(plain);
        keys.add(typed.toString());
        List<RuleLine> rewrite = new ArrayList<>();
        List<RuleLine> before = new ArrayList<>();
        List<RuleLine> after = new ArrayList<>();
        RuleLine gate = null;
        RuleLine call = null;
        RuleLine block = null;
        RuleLine error = null;
        boolean isStatic = method instanceof Method m && Modifier.isStatic(m.getModifiers());
        boolean returns = method instanceof Method m && m.getReturnType() != void.class;
        for (String key : keys) {
            List<RuleLine> lines = byKey.get(key);
            if (lines == null) {
                continue;
            }
            matched.add(key);
            for (RuleLine line : lines) {
                if (line.slot().equals("block") && isStatic && SELF.matcher(line.expression()).find()) {
                    continue; // a static overload of an instance method has no receiver to describe
                }
                checkArguments(line, params.length, isStatic, returns, method);
                switch (line.slot()) {
                    case "rewrite" -> rewrite(line, rewrite, method);
                    case "before" -> before.add(line);
                    case "after" -> after.add(line);
                    case "block" -> block = line;
                    case "gate" -> gate = line;
                    case "error" -> error = line; // keys go from the wildcard to the overload: the last is the most specific
                    default -> call = line;
                }
            }
        }
        // Keys were visited from the wildcard to the overload; the declared family order comes first (a stable sort).
        before.sort(FAMILY_ORDER);
        after.sort(FAMILY_ORDER);
        if (gate != null && !(method instanceof Method)) {
            errors.add(gate.where() + ": gate rules exist for methods only, not the constructor " + method);
            gate = null;
        }
        return gate == null && rewrite.isEmpty() && before.isEmpty() && after.isEmpty() && call == null && block == null
                && error == null ? MethodRules.NONE : new MethodRules(gate, rewrite, before, call, after, block, error);
    }

    /** One rewrite per argument, whichever keys the rules come from: two would depend on the order of keys. */
    private void rewrite(RuleLine line, List<RuleLine> rewrites, Executable method) {
        if (!(method instanceof Method)) {
            errors.add(line.where() + ": rewrite rules exist for methods only, not the constructor " + method);
            return;
        }
        for (RuleLine other : rewrites) {
            if (other.rewritten().equals(line.rewritten())) {
                errors.add(line.where() + ": a second rewrite of " + line.rewritten() + " of " + method + " (first at "
                        + other.where() + ")");
                return;
            }
        }
        rewrites.add(line);
    }

    private void checkArguments(RuleLine line, int arity, boolean isStatic, boolean returns, Executable method) {
        Matcher a = ARGUMENT.matcher(line.expression());
        while (a.find()) {
            int index = Integer.parseInt(a.group(1));
            if (index >= arity) {
                errors.add(line.where() + ": a" + index + " is out of range for " + method + " (" + arity
                        + " argument(s))");
            }
        }
        boolean constructor = !(method instanceof Method);
        if (RESULT.matcher(line.expression()).find() && (!line.slot().equals("after") || !returns)) {
            errors.add(line.where() + ": 'result' exists only in after-rules of methods that return a value ("
                    + method + ")");
        }
        if (SELF.matcher(line.expression()).find() && (isStatic || constructor && !line.slot().equals("after"))) {
            errors.add(line.where() + ": 'self' does not exist " + (isStatic ? "in the static " + method
                    : "before the constructor " + method + " ran"));
        }
    }

    private static boolean declaresMpiException(Method m) {
        return declares(m.getExceptionTypes(), "mpi.MPIException");
    }

    /** Whether {@code exceptions} (a method's or constructor's throws clause) names {@code exception}. */
    static boolean declares(Class<?>[] exceptions, String exception) {
        for (Class<?> e : exceptions) {
            if (e.getName().equals(exception)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the rule's code calls checker code that may raise the binding's exception
     * (declares MpiFailure): its trampoline then unwraps the carrier, and may only exist for
     * a binding method that declares MPIException.
     */
    boolean mayRaise(RuleLine line) {
        Matcher m = CHECKER_CALL.matcher(line.expression());
        while (m.find()) {
            if (raising.contains(m.group(1) + "." + m.group(2))) {
                return true;
            }
        }
        return false;
    }

    /** An error found while writing the trampolines; thrown with the others by {@link #failOnErrors}. */
    void error(String message) {
        errors.add(message);
    }

    /** Throws every error found so far, adding the keys that named no method of the bindings. */
    void failOnErrors() {
        List<String> all = new ArrayList<>(errors);
        for (var entry : byKey.entrySet()) {
            if (!matched.contains(entry.getKey())) {
                for (RuleLine line : entry.getValue()) {
                    all.add(line.where() + ": " + entry.getKey() + " names no method of the bindings");
                }
            }
        }
        if (!all.isEmpty()) {
            throw new RuleErrors(all);
        }
    }

    int size() {
        return size;
    }
}
