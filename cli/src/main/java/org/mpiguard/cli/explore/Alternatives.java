package org.mpiguard.cli.explore;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.SiteRef;

/**
 * The other matches of a run's racing receives, most promising first, so a bounded number
 * of replays covers as much as it can:
 * <ol>
 * <li>every racing receive location (rank and source line) gets its first replay before any
 *     gets a second: different code is more likely to fold messages differently than the
 *     same line again;</li>
 * <li>a message from another send line than the one taken (another kind of message) before
 *     one from the same line, then a sender not yet forced at that location before one
 *     already tried;</li>
 * <li>an earlier occurrence before a later one: the earlier a run leaves the observed
 *     schedule, the more of it the replay changes.</li>
 * </ol>
 */
final class Alternatives {

    /** One replay to make: {@code race}'s receive takes {@code sender}'s message instead. */
    record Alternative(ReceiveSchedule.Race race, RelatedCall sender) {

        ReceiveSchedule.Receive receive() {
            return race.receive();
        }

        /** Another send line than the one the observed run took. */
        boolean otherSendLine() {
            return !sender.site().equals(race.taken().site());
        }
    }

    /** The receiving rank and the source line: alternatives at one location share a budget. */
    record Location(int rank, SiteRef site) {
        static Location of(ReceiveSchedule.Receive v) {
            return new Location(v.rank(), v.site());
        }
    }

    private Alternatives() {
    }

    /** Every alternative of {@code races}, in the order to replay them. */
    static List<Alternative> ordered(List<ReceiveSchedule.Race> races) {
        Map<Location, List<Alternative>> byLocation = new LinkedHashMap<>();
        for (ReceiveSchedule.Race race : races) {
            for (RelatedCall sender : race.alternatives()) {
                byLocation.computeIfAbsent(Location.of(race.receive()), k -> new ArrayList<>())
                        .add(new Alternative(race, sender));
            }
        }
        List<List<Alternative>> perLocation = new ArrayList<>();
        byLocation.values().forEach(candidates -> perLocation.add(withinLocation(candidates)));
        int total = perLocation.stream().mapToInt(List::size).sum();
        List<Alternative> ordered = new ArrayList<>();
        for (int round = 0; ordered.size() < total; round++) {
            List<Alternative> thisRound = new ArrayList<>();
            for (List<Alternative> candidates : perLocation) {
                if (round < candidates.size()) {
                    thisRound.add(candidates.get(round));
                }
            }
            thisRound.sort((a, b) -> a.otherSendLine() != b.otherSendLine() ? (a.otherSendLine() ? -1 : 1)
                    : Integer.compare(a.receive().occurrence(), b.receive().occurrence()));
            ordered.addAll(thisRound);
        }
        return ordered;
    }

    /** One location's alternatives: another send line first, then a new sender, each in occurrence order. */
    private static List<Alternative> withinLocation(List<Alternative> candidates) {
        List<Alternative> left = new ArrayList<>(candidates);
        left.sort((a, b) -> Integer.compare(a.receive().occurrence(), b.receive().occurrence()));
        List<Alternative> ordered = new ArrayList<>();
        Set<Integer> sendersTried = new HashSet<>();
        while (!left.isEmpty()) {
            Alternative next = left.stream().filter(Alternative::otherSendLine)
                    .filter(a -> !sendersTried.contains(a.sender().rank())).findFirst()
                    .orElseGet(() -> left.stream().filter(a -> !sendersTried.contains(a.sender().rank())).findFirst()
                            .orElseGet(() -> left.stream().filter(Alternative::otherSendLine).findFirst()
                                    .orElse(left.get(0))));
            left.remove(next);
            ordered.add(next);
            sendersTried.add(next.sender().rank());
        }
        return ordered;
    }
}
