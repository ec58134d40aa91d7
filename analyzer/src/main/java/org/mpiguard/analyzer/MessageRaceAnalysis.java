package org.mpiguard.analyzer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;

/**
 * Message-race candidates: a receive from {@code ANY_SOURCE} that took one sender's
 * message while another sender's message could have been taken instead, because nothing
 * orders that send after the receive (happens-before from program order, matched
 * messages, collectives and fences). Per other sender only its first message still free
 * at the receive can compete: its later ones cannot overtake it.
 *
 * <p>A receive with a fixed source and {@code ANY_TAG} races only between threads of one
 * sender, which per-rank clocks do not tell apart: not reported. Sends taken by an earlier
 * receive are not alternatives (that would need the earlier receive to match otherwise,
 * which replay, not this check, explores).
 */
final class MessageRaceAnalysis {

    /** How far past the first free message of a sender the search for one with the right tag goes. */
    static final int SCAN_LIMIT = 64;

    /** One race: what issue 15's replay needs to force the alternative (site, occurrence, sources). */
    record Race(RecvEvent receive, int occurrence, List<SendEvent> alternatives) {
    }

    private MessageRaceAnalysis() {
    }

    static List<Race> races(TraceSet traces, PointToPoint p2p) {
        List<Race> races = new ArrayList<>();
        for (int p = 0; p < traces.worldSize(); p++) {
            // each sender's messages to p, by communicator, in the sender's order
            Map<Long, List<List<SendEvent>>> bySender = new HashMap<>();
            for (SendEvent s : p2p.sendsTo.get(p)) {
                List<List<SendEvent>> senders = bySender.get(s.comm);
                if (senders == null) {
                    senders = newSenders(traces.worldSize());
                    bySender.put(s.comm, senders);
                }
                senders.get(s.rank).add(s);
            }
            Map<Long, int[]> firstFree = new HashMap<>();
            for (RecvEvent v : p2p.recvs.get(p)) {
                if (!v.anySource() || v.matched == null || v.completion < 0) {
                    continue;
                }
                List<List<SendEvent>> senders = bySender.get(v.comm);
                int[] cursors = firstFree.get(v.comm);
                if (cursors == null) {
                    cursors = new int[traces.worldSize()];
                    firstFree.put(v.comm, cursors);
                }
                List<SendEvent> alternatives = new ArrayList<>();
                for (int q = 0; q < traces.worldSize(); q++) {
                    if (q == v.matched.rank || senders == null) {
                        continue;
                    }
                    SendEvent alt = firstFreeAt(senders.get(q), cursors, q, v);
                    if (alt != null && alt.knownOfDest <= v.completion) {
                        alternatives.add(alt);
                    }
                }
                if (!alternatives.isEmpty()) {
                    races.add(new Race(v, v.occurrence, alternatives));
                }
            }
        }
        return races;
    }

    private static List<List<SendEvent>> newSenders(int n) {
        List<List<SendEvent>> l = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            l.add(new ArrayList<>());
        }
        return l;
    }

    /** Sender q's first message to v's rank, with a tag v accepts, not taken by a receive posted before v. */
    private static SendEvent firstFreeAt(List<SendEvent> sends, int[] cursors, int q, RecvEvent v) {
        int c = cursors[q];
        while (c < sends.size() && takenBefore(sends.get(c), v)) {
            c++;
        }
        cursors[q] = c;
        for (int k = c; k < sends.size() && k < c + SCAN_LIMIT; k++) {
            SendEvent s = sends.get(k);
            if (!takenBefore(s, v) && (v.anyTag() || s.tag == v.tag)) {
                return s;
            }
        }
        return null;
    }

    private static boolean takenBefore(SendEvent s, RecvEvent v) {
        return s.matchedBy != null && s.matchedBy.order < v.order;
    }

    /**
     * One warning per receive site and set of competing sites, with how often it raced. A
     * receive whose Status the program read the source or tag of (a master answering {@code
     * status.getSource()}, results stored by sender) is written to take any sender's message:
     * its race is not warned of ({@code mpiguard explore} still replays it, from {@link #races}).
     */
    static List<Finding> findings(TraceSet traces, List<Race> races) {
        return findings(traces, races, new Reads() {
            @Override
            public StatusReads of(int rank) {
                return StatusReads.of(traces.rank(rank));
            }
        });
    }

    /**
     * Whether the program read the Status of the receive's completion, or of the matched probe
     * that chose its message; a rank's reads are looked up only for a receive that has either.
     */
    private static boolean statusRead(Map<Integer, StatusReads> reads, Reads source, RecvEvent v) {
        if (v.completion < 0 && v.probe < 0) {
            return false;
        }
        StatusReads r = statusReads(reads, source, v.rank);
        return v.completion >= 0 && r.read(v.completion) || v.probe >= 0 && r.read(v.probe);
    }

    /** Where a rank's status reads come from: its whole trace, or its stream read once more. */
    interface Reads {
        StatusReads of(int rank);
    }

    static List<Finding> findings(TraceSet traces, List<Race> races, Reads source) {
        Map<String, List<Race>> groups = new LinkedHashMap<>();
        Map<Integer, StatusReads> reads = new HashMap<>();
        for (Race race : races) {
            RecvEvent received = race.receive;
            if (statusRead(reads, source, received)) {
                continue;
            }
            StringBuilder key = new StringBuilder().append(race.receive.rank).append(':').append(race.receive.site);
            for (SendEvent s : race.alternatives) {
                key.append('/').append(s.rank).append(':').append(s.site);
            }
            Buckets.list(groups, key.toString()).add(race);
        }
        List<Finding> findings = new ArrayList<>();
        for (List<Race> group : groups.values()) {
            Race race = group.get(0);
            RecvEvent v = race.receive;
            RankSite recv = RankSite.of(traces.rank(v.rank), v.site);
            RankSite matched = RankSite.of(traces.rank(v.matched.rank), v.matched.site);
            TreeSet<Integer> ranks = new TreeSet<>();
            ranks.add(v.rank);
            ranks.add(v.matched.rank);
            List<RelatedCall> related = new ArrayList<>();
            related.add(matched.related());
            StringBuilder others = new StringBuilder();
            for (SendEvent s : race.alternatives) {
                RankSite alt = RankSite.of(traces.rank(s.rank), s.site);
                related.add(alt.related());
                ranks.add(s.rank);
                others.append(others.length() == 0 ? "" : "; ").append("the send of ").append(alt.where());
            }
            String times = group.size() == 1 ? "" : " This receive raced " + group.size() + " times in the run.";
            String message = "Message race: the receive from MPI.ANY_SOURCE of " + recv.where() + " (tag "
                    + (v.anyTag() ? "MPI.ANY_TAG" : String.valueOf(v.tag)) + ", the " + ordinal(race.occurrence)
                    + " call at this site) took the message sent by " + matched.where() + ", but "
                    + others + (race.alternatives.size() == 1 ? " was" : " were")
                    + " not ordered after the receive by anything (program order, messages, collectives, fences) "
                    + "and could have been taken instead." + times + " If the result depends on which message "
                    + "arrives first, receive from a specific source or order the sends; if not (results stored by "
                    + "status.getSource()), this is harmless.";
            findings.add(new Finding(FindingKind.MESSAGE_RACE, Severity.WARNING, new ArrayList<>(ranks),
                    recv.site().op(), recv.ref(), related, message, List.of(),
                    FindingKeys.messageRace(v.rank, recv.ref())));
        }
        return findings;
    }

    static String ordinal(int n) {
        int mod100 = n % 100;
        String suffix = mod100 >= 11 && mod100 <= 13 ? "th"
                : switch (n % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }

    /** The rank's status reads, read once. */
    private static StatusReads statusReads(Map<Integer, StatusReads> reads, Reads source, int rank) {
        StatusReads r = reads.get(rank);
        if (r == null) {
            r = source.of(rank);
            reads.put(rank, r);
        }
        return r;
    }
}
