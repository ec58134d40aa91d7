package org.mpiguard.core.report;

import java.util.List;

/**
 * One finding, as the contract in DESIGN.md defines it. {@code status} is filled for
 * deadlocks only (empty otherwise).
 */
public record Finding(FindingKind kind, Severity severity, List<Integer> ranks, String op, SiteRef site,
                      List<RelatedCall> related, String message, List<RankReport> status) {

    public Finding {
        ranks = List.copyOf(ranks);
        related = List.copyOf(related);
        status = List.copyOf(status);
    }
}
