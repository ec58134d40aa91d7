package org.mpiguard.cli.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.mpiguard.analyzer.ReceiveSchedule;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.SiteRef;

class AlternativesTest {

    private static SiteRef line(int line) {
        return new SiteRef("demo.Prog", "main", "Prog.java", line);
    }

    private static RelatedCall send(int rank, int line) {
        return new RelatedCall(rank, "Comm.send", line(line));
    }

    /** A race of rank {@code rank}'s receive at {@code line}, occurrence {@code occurrence}, which took rank 9's line 11. */
    private static ReceiveSchedule.Race race(int rank, int line, int occurrence, RelatedCall... alternatives) {
        return new ReceiveSchedule.Race(new ReceiveSchedule.Receive(rank, line(line), "Comm.recv", occurrence, true, 9),
                send(9, 11), List.of(alternatives));
    }

    /** Each alternative as {@code rank@line#occurrence<-sender}. */
    private static List<String> order(ReceiveSchedule.Race... races) {
        return Alternatives.ordered(List.of(races)).stream().map(a -> a.receive().rank() + "@"
                + a.receive().site().line() + "#" + a.receive().occurrence() + "<-" + a.sender().rank()).toList();
    }

    @Test
    void everyRacingLocationGetsAReplayBeforeAnyGetsASecondAndAnotherSendLineGoesFirst() {
        assertEquals(List.of("3@40#5<-1", "0@20#1<-1", "0@20#1<-2", "0@20#2<-2"), order(
                race(0, 20, 1, send(1, 11), send(2, 11)),
                race(0, 20, 2, send(2, 11)),
                race(3, 40, 5, send(1, 12))));
    }

    @Test
    void withinALocationAnotherSendLineThenANewSenderThenTheEarlierOccurrence() {
        assertEquals(List.of("0@20#3<-2", "0@20#1<-1", "0@20#2<-4", "0@20#4<-1"), order(
                race(0, 20, 1, send(1, 11)),
                race(0, 20, 2, send(4, 11)),
                race(0, 20, 3, send(2, 13)),
                race(0, 20, 4, send(1, 11))));
    }

    @Test
    void anEarlierOccurrenceGoesFirstAmongLocationsOfOneRound() {
        assertEquals(List.of("1@30#1<-2", "0@20#7<-2"), order(race(0, 20, 7, send(2, 11)), race(1, 30, 1, send(2, 11))));
    }
}
