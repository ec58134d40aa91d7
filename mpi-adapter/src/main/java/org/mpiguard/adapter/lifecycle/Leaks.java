package org.mpiguard.adapter.lifecycle;

import org.mpiguard.adapter.DirectExchange;
import org.mpiguard.adapter.shadow.CommRanks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mpi.Comm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Status;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.shadow.CommShadow;
import org.mpiguard.adapter.shadow.RequestShadow;
import org.mpiguard.adapter.shadow.RequestShadows;
import org.mpiguard.adapter.shadow.Shadow;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.Guard;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKeys;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.site.CallSites;

/**
 * resource-leak at MPI.Finalize, as warnings (a leak is latent: the run's results are
 * right, a longer run or a library would run out of handles): every communicator, group,
 * datatype, op, info, window and persistent request the program made and did not free,
 * one finding per creation site with how many more alike; a buffer still attached for
 * buffered sends; and every message sent to this rank and never received, found by
 * probing the program's communicators (COMM_WORLD, COMM_SELF and those the shadows
 * know) before the Finalize handshake. Only objects whose creation the checker saw are
 * named: predefined handles and objects first seen in use have no creation site.
 */
public final class Leaks {

    /** Lost messages counted per communicator at most; past it the count is "at least". */
    private static final int MAX_MESSAGES = 1000;
    /** A lost message larger than this is counted but not drained (which needs a buffer). */
    private static final int MAX_DRAINED_BYTES = 1 << 20;

    private static volatile int attachedSite = CallSites.UNKNOWN_ID;
    private static volatile boolean attached;

    private Leaks() {
    }

    public static void attached(int site) {
        attachedSite = site;
        attached = true;
    }

    public static void detached() {
        attached = false;
    }

    /** Before MPI.Finalize (at {@code finalizeSite}) on the program's thread. */
    public static void atFinalize(int finalizeSite) {
        int rank = MpiRuntime.rankOrMinusOne();
        handles(rank, "communicator", "comm.free()", Shadows.liveComms());
        handles(rank, "group", "group.free()", Shadows.liveGroups());
        handles(rank, "datatype", "type.free()", Shadows.liveDatatypes());
        handles(rank, "reduction op", "op.free()", Shadows.liveOps());
        handles(rank, "info object", "info.free()", Shadows.liveInfos());
        handles(rank, "window", "win.free()", Shadows.liveWindows());
        persistentRequests(rank);
        if (attached) {
            warn(rank, attachedSite, "The buffer attached for buffered sends at " + CallSites.get(attachedSite).location()
                    + " is still attached at MPI.Finalize on rank " + rank + ". Call MPI.detachBuffer() once the"
                    + " buffered sends are done (it waits for them to be delivered).");
        }
        lostMessages(rank, finalizeSite);
    }

    private static void handles(int rank, String noun, String free, List<? extends Shadow> shadows) {
        Map<Integer, Integer> perSite = new LinkedHashMap<>();
        for (Shadow s : shadows) {
            if (s.creationSite() != CallSites.UNKNOWN_ID && !s.freed() && s.get() != null) {
                perSite.put(s.creationSite(), perSite.getOrDefault(s.creationSite(), 0) + 1);
            }
        }
        for (Map.Entry<Integer, Integer> e : perSite.entrySet()) {
            warn(rank, e.getKey(), leaked(e.getValue(), noun, e.getKey(), rank)
                    + " Free each with " + free + " when it is no longer needed (MPI frees nothing by itself;"
                    + " handles are a finite resource).");
        }
    }

    private static String leaked(int n, String noun, int site, int rank) {
        return (n == 1 ? "A " + noun + " made at " : n + " " + noun + "s made at ") + CallSites.get(site).location()
                + " on rank " + rank + (n == 1 ? " was" : " were") + " never freed before MPI.Finalize"
                + (n > 1 ? " (the first and " + (n - 1) + " more alike from the same call)." : ".");
    }

    private static void persistentRequests(int rank) {
        Map<Integer, Integer> perSite = new LinkedHashMap<>();
        for (RequestShadow.View r : RequestShadows.recorded()) {
            if (r.request instanceof Prequest && !r.freed && r.site != CallSites.UNKNOWN_ID) {
                perSite.put(r.site, perSite.getOrDefault(r.site, 0) + 1);
            }
        }
        for (Map.Entry<Integer, Integer> e : perSite.entrySet()) {
            warn(rank, e.getKey(), leaked(e.getValue(), "persistent request", e.getKey(), rank)
                    + " Free each with request.free() after its last completion.");
        }
    }

    /** Communicators to probe: the predefined ones and every live one the program made. */
    private static List<Comm> programComms() {
        List<Comm> comms = new ArrayList<>(List.of(MPI.COMM_WORLD, MPI.COMM_SELF));
        for (CommShadow s : Shadows.liveComms()) {
            if (s.creationSite() != CallSites.UNKNOWN_ID && !s.freed() && s.get() instanceof Comm c && !c.isNull()) {
                comms.add(c);
            }
        }
        return comms;
    }

    private static void lostMessages(int rank, int finalizeSite) {
        for (Comm comm : programComms()) {
            try {
                drain(rank, comm, finalizeSite);
            } catch (MPIException | RuntimeException e) {
                Guard.fault("probing for messages never received", e);
            }
        }
    }

    /**
     * Receives (into a scratch buffer) every message waiting on {@code comm}: the program,
     * in Finalize, will never take them. One finding per (source, tag).
     */
    private static void drain(int rank, Comm comm, int finalizeSite) throws MPIException {
        Map<String, int[]> lost = new LinkedHashMap<>();
        for (int i = 0; i < MAX_MESSAGES; i++) {
            Status s = comm.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG);
            if (s == null) {
                break;
            }
            int source = s.getSource();
            int tag = s.getTag();
            int bytes = s.getCount(MPI.BYTE);
            int[] counted = lost.get(source + ":" + tag); // no lambda: Finalize links no call site
            if (counted == null) {
                counted = new int[] {source, tag, 0, 0};
                lost.put(source + ":" + tag, counted);
            }
            counted[2]++;
            counted[3] += Math.max(bytes, 0);
            if (bytes < 0 || bytes > MAX_DRAINED_BYTES) {
                break;
            }
            DirectExchange.drop(comm, bytes, source, tag);
        }
        String where = comm == MPI.COMM_WORLD ? "MPI.COMM_WORLD" : comm == MPI.COMM_SELF ? "MPI.COMM_SELF"
                : "the communicator made at " + CallSites.get(Shadows.comm(comm).creationSite()).location();
        for (int[] m : lost.values()) {
            int worldSource = CommRanks.toWorld(comm, m[0]);
            String noun = m[2] == 1 ? "A message" : m[2] + " messages";
            warn(rank, finalizeSite, FindingKeys.lostMessage(rank, worldSource, m[1]), noun + " (tag " + m[1] + ", " + m[3] + " bytes) sent by rank " + m[0]
                    + (worldSource != m[0] ? " (world rank " + worldSource + ")" : "") + " to rank " + rank
                    + " on " + where + (m[2] == 1 ? " was" : " were") + " never received before MPI.Finalize."
                    + " The sender's call is on rank " + worldSource + " and is not known online; the trace"
                    + " analysis (`mpiguard analyze`) names it. Receive every message sent, or do not send it.");
        }
    }

    /** A leak made at {@code site}: its key names the rank and the site, as the trace analysis names it. */
    private static void warn(int rank, int site, String message) {
        warn(rank, site, FindingKeys.leak(rank, SiteRef.of(CallSites.get(site))), message);
    }

    private static void warn(int rank, int site, String key, String message) {
        String op = site == CallSites.UNKNOWN_ID ? "MPI.Finalize" : CallSites.get(site).op();
        Guard.report(new Finding(FindingKind.RESOURCE_LEAK, Severity.WARNING, List.of(rank), op,
                SiteRef.of(CallSites.get(site)), List.of(), message, List.of(), key));
    }
}
