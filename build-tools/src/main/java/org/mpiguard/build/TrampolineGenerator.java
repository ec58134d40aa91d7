package org.mpiguard.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.mpiguard.core.index.TrampolineEntry;

/**
 * Build step of the advice module: writes a static trampoline for every public method and
 * constructor of every public class of the bindings ({@link BindingScan}), with the rules
 * of the tables ({@link RuleTable}) in it ({@link TrampolineWriter}), compiles them, and
 * writes the index ({@link TrampolineEntry}) the agent's rewriter reads, whole and by owner
 * with the buffer watch's lines ({@link OwnerIndex}). A rule line that
 * cannot be right, or whose code does not compile, fails the build with its
 * {@code file.rules:line}.
 *
 * <p>Usage: {@code java -cp <build-tools>:<advice classes and their class path>:<mpi.jar>
 * org.mpiguard.build.TrampolineGenerator SRC_OUT CLASSES_OUT RULES_DIR}
 */
public final class TrampolineGenerator {

    private TrampolineGenerator() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: TrampolineGenerator SRC_OUT CLASSES_OUT RULES_DIR");
            System.exit(2);
        }
        try {
            List<TrampolineEntry> index = generate(Path.of(args[0]), Path.of(args[1]), Path.of(args[2]),
                    System.getProperty("java.class.path"));
            Class<?> nio = Class.forName(NioEntries.TRAMPOLINES, false, TrampolineGenerator.class.getClassLoader());
            OwnerIndex.write(Path.of(args[1]), index, NioEntries.of(nio));
        } catch (RuleErrors e) {
            System.err.println("[mpiguard] " + e.getMessage());
            System.exit(1);
        }
    }

    /** Generates, compiles and indexes; returns the index. */
    static List<TrampolineEntry> generate(Path sourceOut, Path classesOut, Path rulesDir, String classPath)
            throws IOException, ClassNotFoundException {
        ClassLoader loader = TrampolineGenerator.class.getClassLoader();
        RuleTable rules = RuleTable.read(rulesDir, loader);
        List<Class<?>> bindings = BindingScan.bindingClasses(classPath, loader);
        if (bindings.size() < 10) {
            throw new IllegalStateException("found only " + bindings.size()
                    + " classes of package mpi on the classpath; is mpi.jar there? Run scripts/setup.sh");
        }
        Path packageDir = sourceOut.resolve(TrampolineWriter.PACKAGE.replace('.', '/'));
        Files.createDirectories(packageDir);
        TrampolineWriter writer = new TrampolineWriter(rules);
        List<TrampolineEntry> index = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        for (Class<?> owner : bindings) {
            TrampolineWriter.Written written = writer.write(owner);
            if (written.source() != null) {
                Path file = packageDir.resolve(written.className() + ".java");
                Files.writeString(file, written.source(), StandardCharsets.UTF_8);
                sources.add(file);
                index.addAll(written.entries());
            }
        }
        rules.failOnErrors();
        compile(sources, classesOut, classPath);
        index.sort(Comparator.comparing(TrampolineEntry::format));
        Path indexFile = classesOut.resolve(TrampolineEntry.RESOURCE);
        Files.createDirectories(indexFile.getParent());
        Files.write(indexFile, index.stream().map(TrampolineEntry::format).toList(), StandardCharsets.UTF_8);
        System.out.println("[mpiguard] " + index.size() + " trampolines for " + sources.size()
                + " binding classes, " + rules.size() + " call rules");
        return index;
    }

    /** Compiles the generated sources; an error inside a rule's code is reported at the rule's line. */
    static void compile(List<Path> sources, Path classesOut, String classPath) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT,
                StandardCharsets.UTF_8)) {
            List<String> options = List.of("-nowarn", "--release", "17", "-g", "-encoding", "UTF-8",
                    "-classpath", classPath, "-d", classesOut.toString());
            boolean ok = javac.getTask(null, files, diagnostics, options, null,
                    files.getJavaFileObjectsFromPaths(sources)).call();
            if (ok) {
                return;
            }
        }
        List<String> errors = new ArrayList<>();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                errors.add(ruleOf(d) + ": " + d.getMessage(Locale.ROOT));
            }
        }
        throw new RuleErrors(errors.isEmpty() ? List.of("javac failed on the generated trampolines") : errors);
    }

    /** The rule whose code holds the diagnostic's line, or the generated file and line if none does. */
    private static String ruleOf(Diagnostic<? extends JavaFileObject> d) throws IOException {
        String where = d.getSource() == null ? "?" : d.getSource().getName() + ":" + d.getLineNumber();
        if (d.getSource() == null || d.getLineNumber() <= 0) {
            return where;
        }
        List<String> lines = Files.readAllLines(Path.of(d.getSource().toUri()), StandardCharsets.UTF_8);
        int above = (int) d.getLineNumber() - 2; // a rule's code is the line right under its mark
        if (above >= 0 && above < lines.size()) {
            String line = lines.get(above);
            int mark = line.indexOf(TrampolineWriter.RULE_MARK);
            if (mark >= 0) {
                return line.substring(mark + TrampolineWriter.RULE_MARK.length()).strip() + " (generated " + where + ")";
            }
        }
        return where;
    }
}
