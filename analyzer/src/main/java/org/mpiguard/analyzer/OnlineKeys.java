package org.mpiguard.analyzer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The keys of the findings the ranks reported online into a directory ({@code
 * findings-rank<N>.jsonl}): what {@code mpiguard analyze} need not print again. Only the
 * {@code key} string is read (the analyzer carries no JSON library); a line without one, or
 * an unreadable file, contributes nothing.
 */
final class OnlineKeys {

    private static final Pattern FILE = Pattern.compile("findings-rank-?\\d+\\.jsonl");
    private static final Pattern KEY = Pattern.compile("\"key\":\"((?:[^\"\\\\]|\\\\.)*)\"");

    private OnlineKeys() {
    }

    static Set<String> of(Path dir) {
        Set<String> keys = new HashSet<>();
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path p : entries.filter(p -> FILE.matcher(p.getFileName().toString()).matches()).toList()) {
                for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                    Matcher m = KEY.matcher(line);
                    if (m.find()) {
                        keys.add(m.group(1).replace("\\\"", "\"").replace("\\\\", "\\"));
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return keys; // nothing known online: the analysis prints all it found
        }
        return keys;
    }
}
