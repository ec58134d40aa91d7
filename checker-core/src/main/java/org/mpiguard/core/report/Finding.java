package org.mpiguard.core.report;

import java.util.List;

/**
 * One finding, as the contract in DESIGN.md defines it. {@code status} is filled for
 * deadlocks only (empty otherwise). {@code key} names the bug where the online checks and the
 * trace analysis can both find it ({@link FindingKeys}): the two findings of one bug carry the
 * same key, so the report keeps one; null for every other finding.
 */
public record Finding(FindingKind kind, Severity severity, List<Integer> ranks, String op, SiteRef site,
                      List<RelatedCall> related, String message, List<RankReport> status, String key) {

    public Finding {
        ranks = List.copyOf(ranks);
        related = List.copyOf(related);
        status = List.copyOf(status);
    }

    public Finding(FindingKind kind, Severity severity, List<Integer> ranks, String op, SiteRef site,
                   List<RelatedCall> related, String message, List<RankReport> status) {
        this(kind, severity, ranks, op, site, related, message, status, null);
    }

    public Finding withKey(String bugKey) {
        return new Finding(kind, severity, ranks, op, site, related, message, status, bugKey);
    }
}
