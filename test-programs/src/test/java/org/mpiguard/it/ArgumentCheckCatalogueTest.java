package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.args.MpiDetected;

/**
 * The catalogue docs/argument-checks.md and the test programs' markers describe the
 * same checks: every row is proved by at least one marker in the program it names, and
 * every marker is a row. No MPI needed.
 */
class ArgumentCheckCatalogueTest {

    private static final Path CATALOGUE = Path.of("../docs/argument-checks.md");
    private static final Pattern ROW = Pattern.compile(
            "^\\| `([a-z0-9.-]+)` \\| ([a-z-]+) \\| (error|warning) \\| `([A-Za-z.<>]+)` \\| (.+?) \\| `([A-Za-z]+)` \\|");
    private static final Pattern RULE = Pattern.compile(
            "^\\| `([a-z0-9.-]+)` \\| (error|warning) \\| (error|warning) \\| (.+) \\|$");

    /** Hazards of the binding that corrupt memory where a valid call should not: errors, refused before the call. */
    static final Set<String> CORRUPTING_HAZARDS = Set.of("hazard.vcoll-heap-copy");

    record Row(String id, String kind, String severity, String api, String program) {
    }

    record Rule(String id, String severity, String withReturningHandler, String why) {
    }

    /** The checks of the catalogue, by "id API". */
    static Map<String, Row> rows() throws Exception {
        Map<String, Row> rows = new HashMap<>();
        for (String line : Files.readAllLines(CATALOGUE)) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                Row r = new Row(m.group(1), m.group(2), m.group(3), m.group(4), m.group(6));
                assertTrue(rows.put(r.id() + " " + r.api(), r) == null, "row twice: " + line);
            }
        }
        return rows;
    }

    /** The table of rules: severity and why, by id. */
    static Map<String, Rule> rules() throws Exception {
        Map<String, Rule> rules = new HashMap<>();
        for (String line : Files.readAllLines(CATALOGUE)) {
            Matcher m = RULE.matcher(line);
            if (m.find()) {
                Rule r = new Rule(m.group(1), m.group(2), m.group(3), m.group(4));
                assertTrue(rules.put(r.id(), r) == null, "rule twice: " + line);
            }
        }
        return rules;
    }

    /** The severity the catalogue gives a marked check. */
    static String severityOf(CheckMarkers.Marker m) throws Exception {
        Row r = rows().get(m.id() + " " + m.op());
        assertTrue(r != null, "marker not in the catalogue: " + m);
        return r.severity();
    }

    @Test
    void everyRuleSaysItsSeverityAndWhyAndEveryCheckHasItsRulesSeverity() throws Exception {
        Map<String, Rule> rules = rules();
        Set<String> ids = new TreeSet<>();
        for (Row r : rows().values()) {
            ids.add(r.id());
            Rule rule = rules.get(r.id());
            assertTrue(rule != null, "no severity row for rule " + r.id());
            assertEquals(rule.severity(), r.severity(), r.toString());
        }
        assertEquals(ids, new TreeSet<>(rules.keySet()), "rules without checks, or checks without a rule");
        for (Rule rule : rules.values()) {
            assertTrue(rule.why().length() > 15, "say why: " + rule);
            String returning = MpiDetected.reportedByMpi(rule.id()) ? "warning" : rule.severity();
            assertEquals(returning, rule.withReturningHandler(), rule.id() + ": MpiDetected says otherwise");
            if ((rule.id().startsWith("hazard.") && !CORRUPTING_HAZARDS.contains(rule.id()))
                    || MpiDetected.refusedByBinding(rule.id())) {
                assertEquals("warning", rule.severity(), "the program gets what it asked for: " + rule);
            }
        }
    }

    @Test
    void everyCatalogueRowIsProvedByAMarkerAndEveryMarkerIsARow() throws Exception {
        Map<String, Row> rows = rows();
        List<CheckMarkers.Marker> markers = CheckMarkers.all();
        Set<String> marked = new TreeSet<>();
        for (CheckMarkers.Marker m : markers) {
            String key = m.id() + " " + m.op();
            marked.add(key);
            assertTrue(rows.containsKey(key), "marker not in the catalogue: " + m);
        }
        Set<String> unproved = new TreeSet<>(rows.keySet());
        unproved.removeAll(marked);
        assertEquals(Set.of(), unproved, "catalogue rows without a marker");
        for (CheckMarkers.Marker m : markers) {
            Row r = rows.get(m.id() + " " + m.op());
            boolean provedThere = markers.stream().anyMatch(
                    o -> o.program().equals(r.program()) && o.id().equals(r.id()) && o.op().equals(r.api()));
            assertTrue(provedThere, r + " names a program without its marker");
            assertEquals(m.id().startsWith("hazard.") ? "binding-hazard" : "invalid-argument", r.kind(), r.toString());
            assertEquals(m.refused(), r.severity().equals("error") || MpiDetected.refusedByBinding(m.id()),
                    m + ": an error (or a call the binding refuses) is made through expect(), a warning is not");
        }
    }

    @Test
    void theCatalogueHoldsAtLeast120ChecksAndSaysHowMany() throws Exception {
        Map<String, Row> rows = rows();
        assertTrue(rows.size() >= 120, "only " + rows.size() + " checks");
        long rules = rows.values().stream().map(Row::id).distinct().count();
        assertTrue(Files.readString(CATALOGUE).contains(rows.size() + " checks from " + rules + " rules."),
                "the count line is stale");
    }

    @Test
    void everyProgramWithMarkersHasACorrectTwin() throws Exception {
        for (String program : new TreeSet<>(CheckMarkers.all().stream().map(CheckMarkers.Marker::program).toList())) {
            assertTrue(Files.exists(CheckMarkers.PROGRAMS.resolve(program + "Fixed.java")), program + " has no twin");
        }
    }
}
