package org.mpiguard.junit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The findings of one test's job: every {@code findings-rank<N>.jsonl} of its report directory
 * (and {@code findings-analysis.jsonl} when traces were analysed), read by the finding
 * contract. A line cut short by the job's end is skipped.
 */
final class JobFindings {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern FILE = Pattern.compile("findings-(rank-?\\d+|analysis)\\.jsonl");

    /** One finding as a test failure shows it. */
    record Reported(String kind, String severity, List<Integer> ranks, String op, String where, String message,
                    List<String> related) {

        boolean isError() {
            return "error".equals(severity);
        }

        /** {@code deadlock (error) on ranks 0, 1 at Ring.java:31 (Comm.recv): message}, then the other sides. */
        String describe() {
            StringBuilder text = new StringBuilder();
            text.append(kind).append(" (").append(severity).append(") on rank").append(ranks.size() == 1 ? " " : "s ");
            for (int i = 0; i < ranks.size(); i++) {
                text.append(i == 0 ? "" : ", ").append(ranks.get(i));
            }
            text.append(" at ").append(where).append(" (").append(op).append("): ").append(message);
            for (String r : related) {
                text.append("\n      ").append(r);
            }
            return text.toString();
        }
    }

    private JobFindings() {
    }

    static List<Reported> read(Path reportDir) throws IOException {
        List<Reported> findings = new ArrayList<>();
        if (!Files.isDirectory(reportDir)) {
            return findings;
        }
        List<Path> files;
        try (Stream<Path> entries = Files.list(reportDir)) {
            files = entries.filter(p -> FILE.matcher(p.getFileName().toString()).matches()).sorted().toList();
        }
        for (Path file : files) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                Reported f = parse(line);
                if (f != null) {
                    findings.add(f);
                }
            }
        }
        return findings;
    }

    static Reported parse(String line) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (IOException e) {
            return null;
        }
        if (node == null || !node.isObject() || !node.has("kind")) {
            return null;
        }
        List<Integer> ranks = new ArrayList<>();
        node.path("ranks").forEach(r -> ranks.add(r.asInt()));
        List<String> related = new ArrayList<>();
        node.path("related").forEach(r -> related.add("rank " + r.path("rank").asInt() + ": " + r.path("op").asText()
                + " at " + where(r.path("site"))));
        return new Reported(node.path("kind").asText(), node.path("severity").asText(), ranks,
                node.path("op").asText(), where(node.path("site")), node.path("message").asText(), related);
    }

    /** {@code File.java:31}, the way a stack trace names a line. */
    private static String where(JsonNode site) {
        if (site.isMissingNode() || site.isNull()) {
            return "an unknown site";
        }
        String file = site.path("file").asText("");
        return (file.isEmpty() ? site.path("class").asText("?") : file) + ":" + site.path("line").asInt();
    }
}
