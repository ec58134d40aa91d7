package org.mpiguard.cli.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One finding per bug where the online checks and the trace analysis both found it
 * (docs/finding-ownership.md): findings of one {@code key} from different sides become the
 * first one read (the ranks' files come first, so the online check's), with what the other
 * adds: its calls on other ranks (the sender of a lost message, the send of a truncation), its
 * ranks, and its message when it named a call the first did not. A replay's error ({@code
 * mpiguard explore}: a message race or a predicted deadlock confirmed) owns the bug instead of
 * the analysis's warnings of that key, which it settles: they add their calls and ranks, not
 * their message; a replay's warning (a prediction it did not reproduce) adds its message to the
 * analysis's finding. Findings without a key, and several of one key from the same side, are
 * left as they are.
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
        Set<Integer> absorbed = new HashSet<>();
        for (int i = 0; i < findings.size(); i++) {
            ReportFinding f = findings.get(i);
            Integer at = f.key() == null ? null : first.get(f.key());
            if (at != null && settles(f, out.get(at))) {
                ReportFinding owner = f;
                ObjectNode ownerRaw = raw.get(i);
                // every warning of the analysis of this key (one per set of competing sends) becomes this error
                for (int j = at; j < out.size(); j++) {
                    if (!absorbed.contains(j) && f.key().equals(out.get(j).key())
                            && out.get(j).reportedBy() == FindingsDirectory.BY_ANALYSIS) {
                        owner = enrich(owner, ownerRaw, out.get(j), outRaw.get(j), Words.NONE);
                        absorbed.add(j);
                    }
                }
                absorbed.remove(at);
                out.set(at, owner);
                outRaw.set(at, ownerRaw);
                continue;
            }
            if (at != null && side(out.get(at).reportedBy()) != side(f.reportedBy())) {
                Words words = f.reportedBy() == FindingsDirectory.BY_EXPLORE ? Words.ALWAYS : Words.IF_NEW_CALLS;
                out.set(at, enrich(out.get(at), outRaw.get(at), f, raw.get(i), words));
                continue;
            }
            if (f.key() != null && at == null) {
                first.put(f.key(), out.size());
            }
            out.add(f);
            outRaw.add(raw.get(i));
        }
        List<ReportFinding> kept = new ArrayList<>();
        List<ObjectNode> keptRaw = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            if (!absorbed.contains(i)) {
                kept.add(out.get(i));
                keptRaw.add(outRaw.get(i));
            }
        }
        return new Merged(kept, keptRaw);
    }

    /** When the other's message joins the owner's. */
    private enum Words { NONE, IF_NEW_CALLS, ALWAYS }

    /** A replay's error settles what the analysis could only warn of: it owns the bug. */
    private static boolean settles(ReportFinding replay, ReportFinding owner) {
        return replay.reportedBy() == FindingsDirectory.BY_EXPLORE && replay.isError()
                && owner.reportedBy() == FindingsDirectory.BY_ANALYSIS;
    }

    /** The ranks (online), the analysis of the traces, mpiguard explore. */
    private static int side(int reportedBy) {
        return reportedBy >= -1 ? 0 : reportedBy;
    }

    /** {@code owner} with what {@code other} adds; {@code ownerRaw} is updated alike for the merged JSON. */
    private static ReportFinding enrich(ReportFinding owner, ObjectNode ownerRaw, ReportFinding other,
                                        ObjectNode otherRaw, Words words) {
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
        boolean said = words == Words.ALWAYS || words == Words.IF_NEW_CALLS && related.size() > before;
        String message = said ? owner.message() + " " + by(other.reportedBy()) + " adds: " + other.message()
                : owner.message();
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
