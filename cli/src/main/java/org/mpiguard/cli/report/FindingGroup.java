package org.mpiguard.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The findings of one kind at one site: a call repeated in a loop or made by every rank is
 * one entry of the report with a count, not a page of copies.
 */
public final class FindingGroup {

    private final List<ReportFinding> members = new ArrayList<>();
    private final List<Integer> indexes = new ArrayList<>();

    FindingGroup(ReportFinding first, int index) {
        add(first, index);
    }

    static String key(ReportFinding f) {
        ReportFinding.Site s = f.site();
        return f.kind() + '\u0000' + f.op() + '\u0000'
                + (s == null ? "" : s.className() + '\u0000' + s.method() + '\u0000' + s.file() + '\u0000' + s.line());
    }

    void add(ReportFinding f, int index) {
        members.add(f);
        indexes.add(index);
    }

    public ReportFinding first() {
        return members.get(0);
    }

    public List<ReportFinding> members() {
        return members;
    }

    /** Positions of the members in the merged list, for anchors. */
    public List<Integer> indexes() {
        return indexes;
    }

    public int count() {
        return members.size();
    }

    public boolean isError() {
        return members.stream().anyMatch(ReportFinding::isError);
    }

    public TreeSet<Integer> ranks() {
        TreeSet<Integer> ranks = new TreeSet<>();
        members.forEach(f -> ranks.addAll(f.ranks()));
        return ranks;
    }

    /** The distinct messages, first seen first (repeats on other ranks often differ only in numbers). */
    public List<String> messages() {
        return members.stream().map(ReportFinding::message).filter(Objects::nonNull).distinct().toList();
    }
}
