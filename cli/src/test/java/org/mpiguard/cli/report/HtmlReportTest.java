package org.mpiguard.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.report.SiteRef;

class HtmlReportTest {

    @TempDir
    Path dir;

    private String html(MergedReport report, SourceFinder sources) {
        return new HtmlReport(report, sources, TimelineSource.of(report), null, Map.of(0, "deadlock-1.dot")).render();
    }

    @Test
    void userTextWithScriptInAClassNameAndAMessageIsEscapedEverywhere() throws Exception {
        SiteRef evil = new SiteRef("org.acme.<script>alert('class')</script>", "<img src=x onerror=alert(1)>",
                "Evil\"<script>.java", 7);
        Findings.write(dir, 0, List.of(evil), Findings.invalidArgument(0, evil,
                "count </p><script>alert('message')</script> & more"));
        String page = html(FindingsDirectory.read(dir), SourceFinder.of(dir, null));
        Matcher scripts = Pattern.compile("<script", Pattern.CASE_INSENSITIVE).matcher(page);
        int count = 0;
        while (scripts.find()) {
            count++;
        }
        assertEquals(1, count, "only the page's own script element");
        assertFalse(page.contains("<img"), "no element from user text");
        assertTrue(page.contains("count &lt;/p&gt;&lt;script&gt;alert(&#39;message&#39;)&lt;/script&gt; &amp; more"));
        assertTrue(page.contains("org.acme.&lt;script&gt;alert(&#39;class&#39;)&lt;/script&gt;"));
        assertTrue(page.contains("Evil&quot;&lt;script&gt;.java:7"));
    }

    @Test
    void aDeadlockIsDrawnWithItsCycleHighlightedAndEveryRanksStatus() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        String page = html(FindingsDirectory.read(dir), SourceFinder.of(dir, null));
        assertTrue(page.contains("<svg class=\"wait-graph\""));
        assertTrue(page.contains("class=\"edge cycle\" data-from=\"0\" data-to=\"1\""));
        assertTrue(page.contains("class=\"edge cycle\" data-from=\"1\" data-to=\"0\""));
        assertTrue(page.contains("class=\"node state-finished\" data-rank=\"2\""), "the finished rank is a node");
        assertTrue(page.contains("<table class=\"status\">"));
        assertTrue(page.contains("<td>finished</td>"));
        assertTrue(page.contains("href=\"deadlock-1.dot\""));
        assertTrue(page.contains("<details class=\"stack thread-stack\"><summary>2 frames</summary><ol><li><code>"
                + "org.acme.Ring.exchange(Ring.java:41)</code></li><li><code>org.acme.Ring.main(Ring.java:12)</code>"),
                "the blocked thread's stack in its status row");
        assertEquals(1, page.split("thread-stack", -1).length - 1, "only the sampled thread has a stack");
    }

    @Test
    void theSourceAroundEverySiteIsShownWhenFoundAndTheCallLineMarked() throws Exception {
        Findings.sources(dir);
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        String page = html(FindingsDirectory.read(dir), SourceFinder.of(dir, null));
        assertTrue(page.contains("src/main/java/org/acme/Ring.java"), "path relative to the repository");
        assertTrue(page.contains("<span class=\"line hit\"><span class=\"no\">41</span>"));
        assertTrue(page.contains("<span class=\"line hit\"><span class=\"no\">44</span>"), "the related site too");
        assertTrue(page.contains("// &lt;b&gt;line 41&lt;/b&gt;"), "source lines are escaped");
        assertTrue(page.contains("<span class=\"no\">38</span>") && !page.contains("<span class=\"no\">37</span>"),
                "three lines either side");
    }

    @Test
    void theStackAndTheTimelineAreRenderedFromTheFindings() throws Exception {
        List<SiteRef> stack = List.of(new SiteRef("org.acme.Ring", "exchange", "Ring.java", 41),
                new SiteRef("org.acme.Ring", "main", "Ring.java", 12));
        Findings.write(dir, 1, stack, Findings.invalidArgument(1, Findings.RING_44, "bad tag"));
        Findings.write(dir, 0, List.of(), Findings.deadlock());
        String page = html(FindingsDirectory.read(dir), SourceFinder.of(dir, null));
        assertTrue(page.contains("<code>org.acme.Ring.main(Ring.java:12)</code>"));
        assertTrue(page.contains("<div class=\"tl-row\" data-rank=\"2\">"), "a rank named only in the status");
        int row = page.indexOf("<div class=\"tl-row\" data-rank=\"1\">");
        String rank1 = page.substring(row, page.indexOf("</ol>", row));
        assertTrue(rank1.indexOf("deadlock") >= 0 && rank1.indexOf("invalid-argument") >= 0, rank1);
    }

    @Test
    void severityFilterAndNoNetwork() throws Exception {
        Findings.write(dir, 0, List.of(), Findings.hazard(0), Findings.deadlock());
        String page = html(FindingsDirectory.read(dir), SourceFinder.of(dir, null));
        assertTrue(page.contains("id=\"show-warning\"") && page.contains("data-severity=\"warning\""));
        assertTrue(page.contains("default-src 'none'"));
        assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(page).find(), "nothing fetched");
    }
}
