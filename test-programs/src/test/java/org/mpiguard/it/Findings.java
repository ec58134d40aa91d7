package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Reads every findings-rank*.jsonl of a run and checks each line against the contract. */
final class Findings {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> KINDS = List.of("deadlock", "collective-mismatch", "invalid-argument",
            "rma-conflict", "buffer-conflict", "type-mismatch", "message-race", "predicted-deadlock", "resource-leak",
            "request-lifecycle", "livelock", "stall", "call-ordering", "binding-hazard", "mpi-error", "checker-fault");

    private Findings() {
    }

    static List<JsonNode> read(Path reportDir) throws IOException {
        List<JsonNode> findings = new ArrayList<>();
        if (!Files.isDirectory(reportDir)) {
            return findings;
        }
        try (Stream<Path> files = Files.list(reportDir)) {
            for (Path file : files.sorted().toList()) {
                assertTrue(file.getFileName().toString().matches("findings-rank-?\\d+\\.jsonl"), file.toString());
                for (String line : Files.readAllLines(file)) {
                    JsonNode node = JSON.readTree(line);
                    assertContract(node, line);
                    findings.add(node);
                }
            }
        }
        return findings;
    }

    static void assertContract(JsonNode node, String line) {
        assertTrue(KINDS.contains(node.path("kind").asText()), "kind: " + line);
        assertTrue(List.of("error", "warning").contains(node.path("severity").asText()), "severity: " + line);
        assertTrue(node.path("ranks").isArray(), "ranks: " + line);
        assertTrue(node.path("op").isTextual(), "op: " + line);
        JsonNode site = node.path("site");
        assertTrue(site.has("class") && site.has("method") && site.has("file") && site.has("line"), "site: " + line);
        assertTrue(node.path("related").isArray(), "related: " + line);
        assertTrue(node.path("message").isTextual() && !node.path("message").asText().isBlank(), "message: " + line);
    }
}
