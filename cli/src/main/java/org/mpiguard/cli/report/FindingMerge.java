package org.mpiguard.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One finding per bug where the online checks and the trace analysis both found it
 * (docs/finding-ownership.md): findings of one {@code key} from different sides become the
 * first one read (the ranks' files come first, so the online check's), with what the other
 * adds: its calls on other ranks (the sender of a lost message, the send of a truncation), its
 * ranks, and its message when it named a call the first did not. Findings without a key, and
 * several of one key from the same side, are left as they are.
 */
final class FindingMerge {

    /** Findings and their JSON as written, side by side. */
    record Merged(List<ReportFinding> findings, List<ObjectNode> raw) {
    }

    private FindingMerge() {
    }

    static Merged byKey(List<ReportFinding> findings, List<ObjectNode> raw) {
        List<ReportFinding> out = new ArrayList<>();
        List<ObjectNode> outRaw = new ArrayList<>();
        Map<String, Integer> first = new HashMap<>();
        for (int i = 0; i < findings.size(); i++) {
            ReportFinding f = findings.get(i);
            Integer at = f.key() == null ? null : first.get(f.key());
            if (at != null && side(out.get(at).reportedBy()) != side(f.reportedBy())) {
                out.set(at, enrich(out.get(at), outRaw.get(at), f, raw.get(i)));
                continue;
            }
            if (f.key() != null && at == null) {
                first.put(f.key(), out.size());
            }
            out.add(f);
            outRaw.add(raw.get(i));
        }
        return new Merged(out, outRaw);
    }

    /** The ranks (online), the analysis of the traces, mpiguard explore. */
    private static int side(int reportedBy) {
        return reportedBy >= -1 ? 0 : reportedBy;
    }

    /** {@code owner} with what {@code other} adds; {@code ownerRaw} is updated alike for the merged JSON. */
    private static ReportFinding enrich(ReportFinding owner, ObjectNode ownerRaw, ReportFinding other,
                                        ObjectNode otherRaw) {
        List<ReportFinding.Related> related = new ArrayList<>(owner.related());
        ArrayNode relatedRaw = ownerRaw.withArray("related");
        Set<String> known = new LinkedHashSet<>();
        known.add(where(owner.ranks().isEmpty() ? owner.reportedBy() : owner.ranks().get(0), owner.site()));
        owner.related().forEach(r -> known.add(where(r.rank(), r.site())));
        int before = related.size();
        // a finding of the same kind names its own call by its site (the sender of a lost message);
        // one of another kind (the analysis's type-mismatch for Open MPI's truncation) names the same receive
        if (other.kind().equals(owner.kind()) && other.site() != null && !other.ranks().isEmpty()
                && known.add(where(other.ranks().get(0), other.site()))) {
            related.add(new ReportFinding.Related(other.ranks().get(0), other.op(), other.site()));
            relatedRaw.addObject().put("rank", other.ranks().get(0)).put("op", other.op())
                    .set("site", otherRaw.get("site"));
        }
        for (int i = 0; i < other.related().size(); i++) {
            ReportFinding.Related r = other.related().get(i);
            if (known.add(where(r.rank(), r.site()))) {
                related.add(r);
                relatedRaw.add(otherRaw.withArray("related").get(i));
            }
        }
        Set<Integer> ranks = new LinkedHashSet<>(owner.ranks());
        ranks.addAll(other.ranks());
        ArrayNode ranksRaw = ownerRaw.putArray("ranks");
        ranks.forEach(ranksRaw::add);
        String message = related.size() == before ? owner.message()
                : owner.message() + " " + by(other.reportedBy()) + " adds: " + other.message();
        ownerRaw.put("message", message);
        String severity = owner.isError() || other.isError() ? "error" : owner.severity();
        ownerRaw.put("severity", severity);
        List<Integer> also = new ArrayList<>(owner.alsoReportedBy());
        also.add(other.reportedBy());
        ArrayNode alsoRaw = ownerRaw.putArray("alsoReportedBy");
        also.forEach(alsoRaw::add);
        return new ReportFinding(owner.kind(), severity, new ArrayList<>(ranks), owner.op(), owner.site(), related,
                message, owner.status(), owner.stack(), owner.reportedBy(), owner.key(), also);
    }

    private static String where(int rank, ReportFinding.Site site) {
        return rank + " " + site;
    }

    private static String by(int reportedBy) {
        return reportedBy == FindingsDirectory.BY_ANALYSIS ? "The analysis of the traces"
                : reportedBy == FindingsDirectory.BY_EXPLORE ? "mpiguard explore" : "Rank " + reportedBy;
    }
}
