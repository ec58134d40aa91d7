package org.mpiguard.cli.report;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds the source file of a call site under the source roots: those given with
 * {@code --source-path}, else the usual Maven and Gradle layouts ({@code src/main/java},
 * {@code src/test/java}, and the same in every module one level down) under the base
 * directory. Never fails: a site whose source is not found is shown without lines.
 */
public final class SourceFinder {

    private static final List<String> LAYOUTS = List.of("src/main/java", "src/test/java", "src/main/kotlin");

    private final Path base;
    private final List<Path> roots;
    private final Map<Path, List<String>> lines = new HashMap<>();

    private SourceFinder(Path base, List<Path> roots) {
        this.base = base.toAbsolutePath().normalize();
        this.roots = roots;
    }

    /** @param sourcePath roots separated by {@code :}; null or blank for the default layouts */
    public static SourceFinder of(Path base, String sourcePath) {
        List<Path> roots = new ArrayList<>();
        if (sourcePath != null && !sourcePath.isBlank()) {
            for (String root : sourcePath.split(File.pathSeparator)) {
                if (!root.isBlank()) {
                    roots.add(base.resolve(root.trim()).toAbsolutePath().normalize());
                }
            }
            return new SourceFinder(base, roots);
        }
        List<Path> modules = new ArrayList<>();
        modules.add(base);
        try (Stream<Path> children = Files.list(base)) {
            children.filter(Files::isDirectory).sorted().forEach(modules::add);
        } catch (IOException e) {
            // an unreadable base directory leaves only its own layouts to try
        }
        for (Path module : modules) {
            for (String layout : LAYOUTS) {
                Path root = module.resolve(layout);
                if (Files.isDirectory(root)) {
                    roots.add(root.toAbsolutePath().normalize());
                }
            }
        }
        return new SourceFinder(base, roots);
    }

    public List<Path> roots() {
        return roots;
    }

    public Optional<Path> find(ReportFinding.Site site) {
        if (site == null || site.className() == null) {
            return Optional.empty();
        }
        String className = site.className();
        int dot = className.lastIndexOf('.');
        String packagePath = dot < 0 ? "" : className.substring(0, dot).replace('.', '/');
        String file = site.file();
        if (file == null || file.isBlank()) {
            String simple = className.substring(dot + 1);
            int dollar = simple.indexOf('$');
            file = (dollar < 0 ? simple : simple.substring(0, dollar)) + ".java";
        }
        if (file.contains("/") || file.contains("..")) {
            return Optional.empty(); // a file name from a finding is a name, never a path to follow
        }
        for (Path root : roots) {
            Path candidate = packagePath.isEmpty() ? root.resolve(file) : root.resolve(packagePath).resolve(file);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Lines {@code around} either side of the site's line, numbered from 1; empty when not found. */
    public Optional<Snippet> snippet(ReportFinding.Site site, int around) {
        if (site == null || site.line() <= 0) {
            return Optional.empty();
        }
        return find(site).flatMap(path -> {
            List<String> all = lines.computeIfAbsent(path, SourceFinder::readLines);
            if (site.line() > all.size()) {
                return Optional.empty();
            }
            int from = Math.max(1, site.line() - around);
            int to = Math.min(all.size(), site.line() + around);
            return Optional.of(new Snippet(repositoryPath(path), from, all.subList(from - 1, to), site.line()));
        });
    }

    private static List<String> readLines(Path path) {
        try {
            return Files.readAllLines(path, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /**
     * The path as code scanning wants it: relative to the repository holding it (the nearest
     * directory above with {@code .git}), else to the base directory, with {@code /}.
     */
    public String repositoryPath(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        for (Path dir = absolute.getParent(); dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"))) {
                return slashes(dir.relativize(absolute));
            }
        }
        return absolute.startsWith(base) ? slashes(base.relativize(absolute)) : slashes(absolute);
    }

    private static String slashes(Path p) {
        return p.toString().replace(File.separatorChar, '/');
    }

    /**
     * @param path  the file, relative to its repository
     * @param first the number of the first line in {@code lines}
     * @param line  the line of the call
     */
    public record Snippet(String path, int first, List<String> lines, int line) {
    }
}
