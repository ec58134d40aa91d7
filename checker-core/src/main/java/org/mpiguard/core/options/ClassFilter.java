package org.mpiguard.core.options;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Decides which classes are rewritten, from include and exclude globs compiled once.
 * Globs match binary class names ({@code com.acme.Main}); {@code *} matches any run of
 * characters, so {@code com.acme.*} covers sub-packages too. The JDK, the bindings
 * themselves and the checker's own packages are always excluded: rewriting them would
 * either change nothing the user wrote or make the checker intercept itself.
 */
public final class ClassFilter {

    private static final String[] ALWAYS_EXCLUDED_PREFIXES = {
        "java.", "javax.", "jdk.", "sun.", "com.sun.", "mpi.",
        "org.mpiguard.core.", "org.mpiguard.adapter.", "org.mpiguard.advice.",
        "org.mpiguard.agent.", "org.mpiguard.shaded.", "net.bytebuddy.",
    };

    private final Pattern[] includes;
    private final Pattern[] excludes;

    private ClassFilter(Pattern[] includes, Pattern[] excludes) {
        this.includes = includes;
        this.excludes = excludes;
    }

    /** Globs separated by {@code :}; an empty include list means every class. */
    public static ClassFilter of(String includeGlobs, String excludeGlobs) {
        return new ClassFilter(compile(includeGlobs), compile(excludeGlobs));
    }

    /** @param className binary name with dots, as in {@code com.acme.Main$Inner} */
    public boolean accepts(String className) {
        for (String prefix : ALWAYS_EXCLUDED_PREFIXES) {
            if (className.startsWith(prefix)) {
                return false;
            }
        }
        for (Pattern exclude : excludes) {
            if (exclude.matcher(className).matches()) {
                return false;
            }
        }
        if (includes.length == 0) {
            return true;
        }
        for (Pattern include : includes) {
            if (include.matcher(className).matches()) {
                return true;
            }
        }
        return false;
    }

    private static Pattern[] compile(String globs) {
        List<Pattern> patterns = new ArrayList<>();
        if (globs != null) {
            for (String glob : globs.split(":")) {
                String trimmed = glob.trim();
                if (!trimmed.isEmpty()) {
                    patterns.add(Pattern.compile(globToRegex(trimmed)));
                }
            }
        }
        return patterns.toArray(new Pattern[0]);
    }

    static String globToRegex(String glob) {
        StringBuilder regex = new StringBuilder(glob.length() + 8);
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }
}
