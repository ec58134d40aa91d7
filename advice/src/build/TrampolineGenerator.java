import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Build step of the advice module: writes one static trampoline for every public method
 * of every public class of the bindings (package {@code mpi}), per class a call site may
 * name as owner, compiles them, and writes the index the agent's rewriter reads.
 *
 * <p>A trampoline takes the receiver (for instance methods), the arguments and the call
 * site id. Its body is, in order of precedence: a call to hand-written advice
 * {@code org.mpiguard.advice.<DeclaringClass>Advice.<name>} with the same parameters; a
 * blocking-state bracket from {@link #BLOCKING} around the real call; or the real call
 * alone, which the JIT inlines away.
 *
 * <p>Checks that run before or after a call are rules as data too: every
 * {@code *.rules} file in RULES_DIR (one table per API family) holds lines
 * {@code Key phase expression}, where Key is {@code DeclaringClass.method} or, to pick
 * one overload, {@code DeclaringClass.method(SimpleType,SimpleType,...)}; phase is
 * {@code before} (a statement run before the call, in file order, also before
 * hand-written advice), {@code after} (a statement run after the call returned, which may
 * read {@code result}), or {@code call} (an expression of the method's return type made
 * instead of the real call, inside the blocking bracket), or {@code block} (an expression
 * returning the thread's ThreadActivity, entered as the blocking bracket in place of a
 * {@link #BLOCKING} entry). Expressions use the
 * trampoline's parameters: self, a0..aN, site. Phases {@code check} and {@code record}
 * are {@code before} and {@code after} made fail-open: the statement runs inside a
 * try/catch that hands a RuntimeException or LinkageError of the checker to
 * {@code Guard.fault} and lets the call go on (an MPIException a check throws on purpose
 * still reaches the program). Blank lines and lines starting with {@code #} are skipped.
 *
 * <p>Usage: {@code java -cp <advice classes>:<mpi.jar> TrampolineGenerator SRC_OUT CLASSES_OUT [RULES_DIR]}
 */
public final class TrampolineGenerator {

    static final String PACKAGE = "org.mpiguard.advice.gen";
    static final String INDEX = "META-INF/mpiguard/trampolines.idx";
    /** Trampoline run after a constructor of the bindings returned, with the new object. */
    static final String CONSTRUCTED = "new$";
    /** Trampoline run before a constructor of the bindings, with its arguments. */
    static final String CONSTRUCTING = "new$before";

    /**
     * Blocking calls and how to describe them to the watchdog: "DeclaringClass.method" to
     * the {@code org.mpiguard.advice.Blocking} call that marks the thread, in terms of the
     * trampoline's parameters (self, a0..aN, site). Rules as data: a new blocking call is
     * one line here.
     */
    static final Map<String, String> BLOCKING = new TreeMap<>();

    static {
        for (String send : List.of("send", "sSend", "bSend", "rSend")) {
            BLOCKING.put("Comm." + send, "send(self, a3, a4, site)");
        }
        BLOCKING.put("Comm.recv", "receive(self, a3, a4, site)");
        BLOCKING.put("Comm.probe", "receive(self, a0, a1, site)");
        BLOCKING.put("Message.mProbe", "receive(a2, a0, a1, site)");
        BLOCKING.put("Comm.sendRecv", "sendReceive(self, a3, a4, a8, a9, site)");
        BLOCKING.put("Comm.sendRecvReplace", "sendReceive(self, a3, a4, a5, a6, site)");
        for (String sync : List.of("lockAll", "unlockAll", "flush", "flushAll", "flushLocal", "flushLocalAll")) {
            BLOCKING.put("Win." + sync, "untracked(site)");
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: TrampolineGenerator SRC_OUT CLASSES_OUT [RULES_DIR]");
            System.exit(2);
        }
        Path sourceOut = Path.of(args[0]);
        Path classesOut = Path.of(args[1]);
        CallRules callRules = args.length == 3 ? CallRules.read(Path.of(args[2])) : new CallRules();
        List<Class<?>> bindings = bindingClasses();
        if (bindings.size() < 10) {
            throw new IllegalStateException("found only " + bindings.size()
                    + " classes of package mpi on the classpath; is mpi.jar there? Run scripts/setup.sh");
        }
        Files.createDirectories(sourceOut.resolve(PACKAGE.replace('.', '/')));
        List<String> index = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        Set<String> usedRules = new HashSet<>();
        for (Class<?> owner : bindings) {
            String simple = trampolineClassName(owner);
            StringBuilder src = new StringBuilder();
            src.append("package ").append(PACKAGE).append(";\n\n")
               .append("/** Generated by TrampolineGenerator from the bindings: do not edit. */\n")
               .append("@SuppressWarnings({\"deprecation\", \"removal\"})\n")
               .append("public final class ").append(simple).append(" {\n")
               .append("    private ").append(simple).append("() {\n    }\n");
            Set<String> signatures = new HashSet<>();
            int written = 0;
            for (Method m : publicMethods(owner)) {
                String name = m.getName();
                String tName = name;
                String tSig = trampolineSignature(owner, m);
                for (int n = 2; !signatures.add(tName + tSig); n++) {
                    tName = name + "$" + n;
                }
                String rule = BLOCKING.get(m.getDeclaringClass().getSimpleName() + "." + name);
                MethodRules callRule = callRules.forCall(m.getDeclaringClass().getSimpleName(), name,
                        m.getParameterTypes());
                if (callRule.block() != null) {
                    rule = callRule.block();
                } else if (rule != null) {
                    rule = "org.mpiguard.advice.Blocking." + rule;
                }
                if (rule != null && Modifier.isStatic(m.getModifiers()) && rule.contains("self")) {
                    rule = null; // a static overload of an instance rule has no receiver to describe
                }
                if (rule != null) {
                    usedRules.add(m.getDeclaringClass().getSimpleName() + "." + name);
                }
                src.append(trampoline(owner, m, tName, rule, callRule));
                boolean isStatic = Modifier.isStatic(m.getModifiers());
                index.add(String.join(" ", internal(owner), name, descriptor(m), isStatic ? "S" : "V",
                        (PACKAGE + "." + simple).replace('.', '/'), tName, trampolineDescriptor(owner, m),
                        m.getDeclaringClass().getSimpleName() + "." + name));
                written++;
            }
            for (Constructor<?> c : publicConstructors(owner)) {
                MethodRules checks = callRules.forCall(owner.getSimpleName(), "<init>", c.getParameterTypes());
                String tName = CONSTRUCTED;
                String tSig = "<init>" + Arrays.toString(c.getParameterTypes());
                if (!signatures.add(tSig)) {
                    continue;
                }
                src.append(constructorTrampolines(owner, c, checks));
                index.add(String.join(" ", internal(owner), "<init>", constructorDescriptor(c),
                        checks.before().isEmpty() ? "C" : "B", (PACKAGE + "." + simple).replace('.', '/'), tName,
                        "(" + typeDescriptor(owner) + parameterDescriptors(c.getParameterTypes()) + "I)V",
                        owner.getSimpleName() + ".<init>"));
                written++;
            }
            src.append("}\n");
            if (written > 0) {
                Path file = sourceOut.resolve(PACKAGE.replace('.', '/')).resolve(simple + ".java");
                Files.writeString(file, src.toString(), StandardCharsets.UTF_8);
                sources.add(file);
            }
        }
        Set<String> unused = new HashSet<>(BLOCKING.keySet());
        unused.removeAll(usedRules);
        unused.addAll(callRules.unmatched());
        compile(sources, classesOut);
        Path indexFile = classesOut.resolve(INDEX);
        Files.createDirectories(indexFile.getParent());
        index.sort(Comparator.naturalOrder());
        Files.write(indexFile, index, StandardCharsets.UTF_8);
        System.out.println("[mpiguard] " + index.size() + " trampolines for " + sources.size()
                + " binding classes, " + callRules.size() + " call rules"
                + (unused.isEmpty() ? "" : "; rules matching nothing: " + unused));
        if (!callRules.unmatched().isEmpty()) {
            throw new IllegalStateException("call rules naming no method of the bindings: " + callRules.unmatched());
        }
    }

    private static List<Class<?>> bindingClasses() throws IOException, ClassNotFoundException {
        List<Class<?>> classes = new ArrayList<>();
        ClassLoader loader = TrampolineGenerator.class.getClassLoader();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            if (!entry.endsWith(".jar") || !Files.isRegularFile(Path.of(entry))) {
                continue;
            }
            try (JarFile jar = new JarFile(entry)) {
                for (JarEntry e : java.util.Collections.list(jar.entries())) {
                    String n = e.getName();
                    if (n.startsWith("mpi/") && n.endsWith(".class") && n.indexOf('/', 4) < 0) {
                        Class<?> c = Class.forName(n.substring(0, n.length() - 6).replace('/', '.'), false, loader);
                        if (Modifier.isPublic(c.getModifiers()) && !Throwable.class.isAssignableFrom(c)
                                && !c.isInterface() && !c.isAnnotation()
                                && (c.getEnclosingClass() == null || Modifier.isStatic(c.getModifiers()))) {
                            classes.add(c);
                        }
                    }
                }
            }
        }
        classes.sort(Comparator.comparing(Class::getName));
        return classes;
    }

    /** Public, non-bridge methods a call site on {@code owner} can name, declared in package mpi. */
    private static List<Method> publicMethods(Class<?> owner) {
        List<Method> methods = new ArrayList<>();
        for (Method m : owner.getMethods()) {
            if (m.isBridge() || m.isSynthetic() || !m.getDeclaringClass().getName().startsWith("mpi.")) {
                continue;
            }
            if (Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != owner) {
                continue; // javac names the declaring class for static calls
            }
            methods.add(m);
        }
        methods.sort(Comparator.comparing(Method::getName).thenComparing(TrampolineGenerator::descriptor));
        return methods;
    }

    private static String trampoline(Class<?> owner, Method m, String tName, String rule, MethodRules checks) {
        boolean isStatic = Modifier.isStatic(m.getModifiers());
        Class<?>[] params = m.getParameterTypes();
        StringBuilder decl = new StringBuilder();
        StringBuilder call = new StringBuilder();
        if (!isStatic) {
            decl.append(source(owner)).append(" self");
        }
        for (int i = 0; i < params.length; i++) {
            decl.append(decl.length() == 0 ? "" : ", ").append(source(params[i])).append(" a").append(i);
            call.append(i == 0 ? "" : ", ").append('a').append(i);
        }
        decl.append(decl.length() == 0 ? "" : ", ").append("int site");
        String ret = source(m.getReturnType());
        boolean isVoid = m.getReturnType() == void.class;
        String target = (isStatic ? source(owner) : "self") + "." + m.getName() + "(" + call + ")";
        Method advice = handWritten(m);
        StringBuilder out = new StringBuilder();
        out.append("\n    public static ").append(ret).append(' ').append(tName).append('(').append(decl).append(')')
           .append(throwsClause(m)).append(" {\n");
        for (String before : checks.before()) {
            out.append("        ").append(before).append(";\n");
        }
        if (advice != null) {
            String args = (isStatic ? "" : "self" + (params.length > 0 ? ", " : "")) + call
                    + (isStatic && params.length == 0 ? "site" : ", site");
            target = advice.getDeclaringClass().getName() + '.' + m.getName() + '(' + args + ')';
        }
        if (checks.call() != null) {
            target = checks.call();
        }
        boolean bracket = rule != null && advice == null; // hand-written advice brackets itself
        String indent = bracket ? "            " : "        ";
        StringBuilder body = new StringBuilder();
        if (checks.after().isEmpty()) {
            body.append(indent).append(isVoid ? "" : "return ").append(target).append(";\n");
        } else {
            body.append(indent).append(isVoid ? "" : ret + " result = ").append(target).append(";\n");
            for (String after : checks.after()) {
                body.append(indent).append(after).append(";\n");
            }
            if (!isVoid) {
                body.append(indent).append("return result;\n");
            }
        }
        if (bracket) {
            out.append("        org.mpiguard.core.activity.ThreadActivity activity = ")
               .append(rule).append(";\n")
               .append("        try {\n").append(body)
               .append("        } finally {\n            activity.exit();\n        }\n");
        } else {
            out.append(body);
        }
        return out.append("    }\n").toString();
    }

    /** Public constructors of a class of the bindings; a call site names them with NEW. */
    private static List<Constructor<?>> publicConstructors(Class<?> owner) {
        if (Modifier.isAbstract(owner.getModifiers())) {
            return List.of();
        }
        List<Constructor<?>> constructors = new ArrayList<>();
        for (Constructor<?> c : owner.getConstructors()) {
            if (!c.isSynthetic()) {
                constructors.add(c);
            }
        }
        constructors.sort(Comparator.comparing(TrampolineGenerator::constructorDescriptor));
        return constructors;
    }

    /**
     * The two trampolines of a constructor: {@code new$before(args, site)}, made before it
     * runs (only with before rules), and {@code new$(object, args, site)} after it returned.
     */
    private static String constructorTrampolines(Class<?> owner, Constructor<?> c, MethodRules checks) {
        Class<?>[] params = c.getParameterTypes();
        StringBuilder decl = new StringBuilder();
        for (int i = 0; i < params.length; i++) {
            decl.append(source(params[i])).append(" a").append(i).append(", ");
        }
        decl.append("int site");
        StringBuilder out = new StringBuilder();
        if (!checks.before().isEmpty()) {
            out.append("\n    public static void ").append(CONSTRUCTING).append('(').append(decl).append(')')
               .append(throwsClause(c.getExceptionTypes())).append(" {\n");
            for (String before : checks.before()) {
                out.append("        ").append(before).append(";\n");
            }
            out.append("    }\n");
        }
        out.append("\n    public static void ").append(CONSTRUCTED).append('(').append(source(owner)).append(" self, ")
           .append(decl).append(')').append(throwsClause(c.getExceptionTypes())).append(" {\n");
        for (String after : checks.after()) {
            out.append("        ").append(after).append(";\n");
        }
        return out.append("    }\n").toString();
    }

    private static String constructorDescriptor(Constructor<?> c) {
        return "(" + parameterDescriptors(c.getParameterTypes()) + ")V";
    }

    private static String parameterDescriptors(Class<?>[] params) {
        StringBuilder d = new StringBuilder();
        for (Class<?> p : params) {
            d.append(typeDescriptor(p));
        }
        return d.toString();
    }

    /** Hand-written advice with the trampoline's own parameters, if there is one. */
    private static Method handWritten(Method m) {
        Class<?> declaring = m.getDeclaringClass();
        try {
            Class<?> advice = Class.forName("org.mpiguard.advice." + declaring.getSimpleName() + "Advice", false,
                    TrampolineGenerator.class.getClassLoader());
            List<Class<?>> wanted = new ArrayList<>();
            if (!Modifier.isStatic(m.getModifiers())) {
                wanted.add(declaring);
            }
            wanted.addAll(Arrays.asList(m.getParameterTypes()));
            wanted.add(int.class);
            Method a = advice.getMethod(m.getName(), wanted.toArray(new Class<?>[0]));
            if (a.getReturnType() != m.getReturnType() || !Modifier.isStatic(a.getModifiers())) {
                throw new IllegalStateException("advice " + a + " must be static and return " + m.getReturnType());
            }
            return a;
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return null;
        }
    }

    private static String throwsClause(Method m) {
        return throwsClause(m.getExceptionTypes());
    }

    private static String throwsClause(Class<?>[] exceptions) {
        if (exceptions.length == 0) {
            return "";
        }
        StringBuilder out = new StringBuilder(" throws ");
        for (int i = 0; i < exceptions.length; i++) {
            out.append(i == 0 ? "" : ", ").append(source(exceptions[i]));
        }
        return out.toString();
    }

    private static String trampolineClassName(Class<?> owner) {
        return owner.getName().substring(4).replace('$', '_') + "Calls";
    }

    private static String trampolineSignature(Class<?> owner, Method m) {
        return Arrays.toString(m.getParameterTypes()) + (Modifier.isStatic(m.getModifiers()) ? "" : owner.getName());
    }

    private static String source(Class<?> c) {
        return c.getCanonicalName();
    }

    static String internal(Class<?> c) {
        return c.getName().replace('.', '/');
    }

    static String descriptor(Method m) {
        StringBuilder d = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) {
            d.append(typeDescriptor(p));
        }
        return d.append(')').append(typeDescriptor(m.getReturnType())).toString();
    }

    private static String trampolineDescriptor(Class<?> owner, Method m) {
        StringBuilder d = new StringBuilder("(");
        if (!Modifier.isStatic(m.getModifiers())) {
            d.append(typeDescriptor(owner));
        }
        for (Class<?> p : m.getParameterTypes()) {
            d.append(typeDescriptor(p));
        }
        return d.append("I)").append(typeDescriptor(m.getReturnType())).toString();
    }

    private static String typeDescriptor(Class<?> c) {
        if (c.isArray()) {
            return c.getName().replace('.', '/');
        }
        if (c.isPrimitive()) {
            return switch (c.getName()) {
                case "int" -> "I";
                case "long" -> "J";
                case "double" -> "D";
                case "float" -> "F";
                case "boolean" -> "Z";
                case "byte" -> "B";
                case "char" -> "C";
                case "short" -> "S";
                case "void" -> "V";
                default -> throw new IllegalArgumentException(c.getName());
            };
        }
        return "L" + internal(c) + ";";
    }

    private static void compile(List<Path> sources, Path classesOut) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-nowarn", "--release", "17", "-g", "-encoding", "UTF-8",
                "-classpath", System.getProperty("java.class.path"), "-d", classesOut.toString()));
        for (Path p : sources) {
            args.add(p.toString());
        }
        int rc = javac.run(null, null, null, args.toArray(new String[0]));
        if (rc != 0) {
            throw new IllegalStateException("javac failed on the generated trampolines (exit " + rc + ")");
        }
    }

    /** The before, call and after rules of one method. */
    record MethodRules(List<String> before, String call, List<String> after, String block) {
        static final MethodRules NONE = new MethodRules(List.of(), null, List.of(), null);
    }

    /** The rules files of RULES_DIR, keyed by "Class.method" or "Class.method(Types)". */
    static final class CallRules {
        private final Map<String, List<String[]>> byKey = new TreeMap<>();
        private final Set<String> matched = new HashSet<>();
        private int size;

        static CallRules read(Path dir) throws IOException {
            CallRules rules = new CallRules();
            if (!Files.isDirectory(dir)) {
                return rules;
            }
            List<Path> files;
            try (var stream = Files.list(dir)) {
                files = stream.filter(p -> p.toString().endsWith(".rules")).sorted().toList();
            }
            for (Path file : files) {
                int lineNo = 0;
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    lineNo++;
                    String t = line.strip();
                    if (t.isEmpty() || t.startsWith("#")) {
                        continue;
                    }
                    String[] parts = t.split("\\s+", 3);
                    if (parts.length < 3 || !Set.of("before", "after", "call", "block", "check", "record").contains(parts[1])) {
                        throw new IllegalStateException(file.getFileName() + ":" + lineNo
                                + ": expected 'Class.method[(Types)] before|after|call|block|check|record expression'");
                    }
                    String phase = parts[1];
                    String expression = parts[2];
                    if (phase.equals("check") || phase.equals("record")) {
                        // fail open: a fault of the checker is reported once and the call goes on
                        expression = "try { " + expression + "; } catch (RuntimeException | LinkageError fault) { "
                                + "org.mpiguard.adapter.Guard.fault(\"" + file.getFileName() + ":" + lineNo
                                + "\", fault); }";
                        phase = phase.equals("check") ? "before" : "after";
                    }
                    rules.byKey.computeIfAbsent(parts[0], k -> new ArrayList<>()).add(new String[] {phase, expression});
                    rules.size++;
                }
            }
            return rules;
        }

        MethodRules forCall(String declaring, String name, Class<?>[] params) {
            String plain = declaring + "." + name;
            StringBuilder typed = new StringBuilder(plain).append('(');
            for (int i = 0; i < params.length; i++) {
                typed.append(i == 0 ? "" : ",").append(params[i].getSimpleName());
            }
            typed.append(')');
            List<String> before = new ArrayList<>();
            List<String> after = new ArrayList<>();
            String call = null;
            String block = null;
            List<String> keys = new ArrayList<>();
            if (!name.equals("<init>") && declaresMpiException(declaring, name, params)) {
                keys.add(WILDCARD); // rules for every call that can reach MPI
                keys.add(declaring + "." + WILDCARD);
            }
            keys.add(plain);
            keys.add(typed.toString());
            for (String key : keys) {
                List<String[]> lines = byKey.get(key);
                if (lines == null) {
                    continue;
                }
                matched.add(key);
                for (String[] line : lines) {
                    switch (line[0]) {
                        case "before" -> before.add(line[1]);
                        case "after" -> after.add(line[1]);
                        case "block" -> block = line[1];
                        default -> call = line[1];
                    }
                }
            }
            return before.isEmpty() && after.isEmpty() && call == null && block == null ? MethodRules.NONE
                    : new MethodRules(before, call, after, block);
        }

        /**
         * Wildcard keys {@code *} and {@code Class.*} match every method (not constructor)
         * that declares {@code MPIException}, i.e. every call that can reach MPI; pure-Java
         * helpers (buffers, Status getters) are left alone.
         */
        static final String WILDCARD = "*";

        private static boolean declaresMpiException(String declaring, String name, Class<?>[] params) {
            try {
                Class<?> owner = Class.forName("mpi." + declaring, false, TrampolineGenerator.class.getClassLoader());
                for (Class<?> e : owner.getMethod(name, params).getExceptionTypes()) {
                    if (e.getName().equals("mpi.MPIException")) {
                        return true;
                    }
                }
                return false;
            } catch (ReflectiveOperationException | LinkageError e) {
                return false;
            }
        }

        Set<String> unmatched() {
            Set<String> keys = new HashSet<>(byKey.keySet());
            keys.removeAll(matched);
            return keys;
        }

        int size() {
            return size;
        }
    }
}
