package org.mpiguard.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.mpiguard.cli.Version;

/**
 * The report as SARIF 2.1.0, for code scanning: one rule per kind of finding with its help
 * text, one result per group of findings at one site (its repeats as
 * {@code occurrenceCount}), the other ranks' calls as related locations, paths relative to
 * the repository when the source is found, and a fingerprint made only of what names the
 * bug (kind, call, site), so the same bug in the next run is the same alert.
 */
public final class SarifReport {

    static final String FINGERPRINT = "mpiguardFinding/v1";

    private SarifReport() {
    }

    public static ObjectNode of(MergedReport report, SourceFinder sources) {
        ObjectNode log = FindingsDirectory.JSON.createObjectNode();
        log.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
        log.put("version", "2.1.0");
        ObjectNode run = log.putArray("runs").addObject();
        ObjectNode driver = run.putObject("tool").putObject("driver");
        driver.put("name", "MPIGuard").put("version", Version.number());
        List<String> ruleIds = ruleIds(report);
        ArrayNode rules = driver.putArray("rules");
        for (String id : ruleIds) {
            CheckHelp.Rule rule = CheckHelp.of(id);
            ObjectNode r = rules.addObject();
            r.put("id", id).put("name", rule.name());
            r.putObject("shortDescription").put("text", rule.title());
            r.putObject("fullDescription").put("text", rule.help());
            r.putObject("help").put("text", rule.help());
            r.putObject("defaultConfiguration").put("level", defaultLevel(report, id));
        }
        ArrayNode results = run.putArray("results");
        for (FindingGroup group : report.groups()) {
            ReportFinding f = group.first();
            ObjectNode result = results.addObject();
            result.put("ruleId", f.kind()).put("ruleIndex", ruleIds.indexOf(f.kind()));
            result.put("level", group.isError() ? "error" : "warning");
            result.putObject("message").put("text", f.message().isEmpty() ? CheckHelp.of(f.kind()).title()
                    : f.message());
            result.putArray("locations").add(location(f.site(), sources, null));
            ArrayNode related = result.putArray("relatedLocations");
            int id = 1;
            Set<String> seen = new LinkedHashSet<>();
            for (ReportFinding.Related r : f.related()) {
                if (r.site() != null && seen.add(r.rank() + " " + r.site())) {
                    related.add(location(r.site(), sources, "rank " + r.rank() + ": " + r.op()).put("id", id++));
                }
            }
            if (related.isEmpty()) {
                result.remove("relatedLocations");
            }
            result.putObject("partialFingerprints").put(FINGERPRINT, fingerprint(f));
            if (group.count() > 1) {
                result.put("occurrenceCount", group.count());
            }
            ObjectNode properties = result.putObject("properties");
            properties.put("op", f.op());
            ArrayNode ranks = properties.putArray("ranks");
            group.ranks().forEach(ranks::add);
        }
        return log;
    }

    private static List<String> ruleIds(MergedReport report) {
        Set<String> ids = new LinkedHashSet<>(CheckHelp.all().keySet());
        report.findings().forEach(f -> ids.add(f.kind()));
        return new ArrayList<>(ids);
    }

    private static String defaultLevel(MergedReport report, String kind) {
        return report.findings().stream().filter(f -> f.kind().equals(kind)).findFirst()
                .map(f -> f.isError() ? "error" : "warning")
                .orElse(kind.equals("deadlock") || kind.equals("collective-mismatch")
                        || kind.equals("invalid-argument") ? "error" : "warning");
    }

    private static ObjectNode location(ReportFinding.Site site, SourceFinder sources, String message) {
        ObjectNode location = FindingsDirectory.JSON.createObjectNode();
        if (site == null) {
            return location;
        }
        Optional<String> path = sources.find(site).map(sources::repositoryPath).or(() -> guessedPath(site));
        if (path.isPresent()) {
            ObjectNode physical = location.putObject("physicalLocation");
            physical.putObject("artifactLocation").put("uri", path.get());
            if (site.line() > 0) {
                physical.putObject("region").put("startLine", site.line());
            }
        }
        location.putArray("logicalLocations").addObject()
                .put("fullyQualifiedName", site.qualifiedMethod()).put("kind", "function");
        if (message != null) {
            location.putObject("message").put("text", message);
        }
        return location;
    }

    /** Without the source, the file named by its package, as a reader of the SARIF would look for it. */
    private static Optional<String> guessedPath(ReportFinding.Site site) {
        if (site.file() == null || site.file().isBlank() || site.className() == null) {
            return Optional.empty();
        }
        int dot = site.className().lastIndexOf('.');
        return Optional.of((dot < 0 ? "" : site.className().substring(0, dot).replace('.', '/') + "/") + site.file());
    }

    static String fingerprint(ReportFinding f) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256")
                    .digest(FindingGroup.key(f).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
