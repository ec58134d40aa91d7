package org.mpiguard.core.report;

/**
 * The {@code key} of the bugs that both the online checks and the trace analysis can see
 * (docs/finding-ownership.md): built here, in one place, so that both sides spell one bug
 * alike and the report can keep one finding per bug. A key names the bug, never the side
 * that found it: the kind of bug, the rank it is on, and the site or the message that tells
 * it from the others. Sites are written as {@code class.method(file:line)}.
 */
public final class FindingKeys {

    private FindingKeys() {
    }

    /** A handle, persistent request or attached buffer made at {@code site} and never freed. */
    public static String leak(int rank, SiteRef site) {
        return "leak rank " + rank + " made at " + site(site);
    }

    /** Messages from world rank {@code sender} with {@code tag} that world rank {@code receiver} never received. */
    public static String lostMessage(int receiver, int sender, int tag) {
        return "lost-message to rank " + receiver + " from rank " + sender + " tag " + tag;
    }

    /**
     * A rule of a request's life broken on {@code rank} at {@code site}: {@code never-completed}
     * (the site of the request's post, or of a persistent request's start), {@code
     * completed-twice} (the second wait or test), {@code freed-active} (the free).
     */
    public static String request(String rule, int rank, SiteRef site) {
        return "request " + rule + " rank " + rank + " at " + site(site);
    }

    /** A message longer than the receive posted on {@code rank} at {@code receiveSite} had room for. */
    public static String truncation(int rank, SiteRef receiveSite) {
        return "truncation rank " + rank + " receive at " + site(receiveSite);
    }

    /**
     * A deadlock predicted for another schedule, named by every blocked rank's call (the
     * finding's first rank and site, then its related calls): a replay that confirms it or
     * not ({@code mpiguard explore}) speaks of the same bug.
     */
    public static String predictedDeadlock(int rank, SiteRef site, java.util.List<RelatedCall> related) {
        StringBuilder key = new StringBuilder("predicted-deadlock rank " + rank + " at " + site(site));
        for (RelatedCall r : related) {
            key.append("; rank ").append(r.rank()).append(" at ").append(site(r.site()));
        }
        return key.toString();
    }

    /**
     * A wildcard receive on {@code rank} at {@code site} that other senders' messages race for:
     * the analysis's warning and a replay's confirmation of it are one bug.
     */
    public static String messageRace(int rank, SiteRef site) {
        return "message-race rank " + rank + " receive at " + site(site);
    }

    /** True for the keys of the lifecycle checks' bugs (leaks, lost messages, requests). */
    public static boolean isLifecycle(String key) {
        return key != null && (key.startsWith("leak ") || key.startsWith("lost-message ") || key.startsWith("request "));
    }

    /** True for the key of a truncation, which the online check of Open MPI's errors reports. */
    public static boolean isTruncation(String key) {
        return key != null && key.startsWith("truncation ");
    }

    /** True for the key of a message never received, whose sender only the trace analysis knows. */
    public static boolean isLostMessage(String key) {
        return key != null && key.startsWith("lost-message ");
    }

    private static String site(SiteRef s) {
        return s == null ? "?" : s.className() + "." + s.method() + "(" + s.file() + ":" + s.line() + ")";
    }
}
