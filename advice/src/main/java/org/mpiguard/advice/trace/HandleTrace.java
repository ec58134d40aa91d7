package org.mpiguard.advice.trace;

import org.mpiguard.adapter.shadow.Shadow;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.adapter.trace.TraceIds;
import org.mpiguard.adapter.trace.TraceSession;
import org.mpiguard.adapter.trace.TracedHandles;
import org.mpiguard.core.MpiFailure;
import org.mpiguard.core.collective.CommIdentity;
import org.mpiguard.core.trace.HandleKind;
import org.mpiguard.core.trace.TraceRecorder;

/**
 * MPI objects made and freed, into the trace (HANDLE events), so the analyses see what a
 * rank still held at Finalize: communicators (with their identity and members), groups
 * (with their members), datatypes, ops, infos, and the buffer attached for buffered sends;
 * windows are {@link RmaTrace}'s. Each object is named by its shadow's trace id, the same at
 * its creation and its free. A derived type's signature is defined once, at its commit.
 * Creation and free are cold paths; not recording costs one volatile read.
 *
 * <p>Error handlers are not recorded: the Java bindings can neither make one nor free one
 * ({@code getErrhandler} returns a reference the program has no call to release), so there
 * is nothing the program could leak or fix.
 */
public final class HandleTrace {

    /** The one buffer attached for buffered sends at a time: its handle in the trace. */
    private static final long ATTACHED_BUFFER = 1;

    private HandleTrace() {
    }

    public static void committed(Object type) throws MpiFailure {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && type != null) {
            TraceIds.committed(r, type);
        }
    }

    /** {@code handle} was just made at {@code site} (a null handle, such as a split's COMM_NULL, is not an object). */
    public static void made(Object handle, HandleKind kind, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r == null || handle == null || TracedHandles.isNull(handle)) {
            return;
        }
        Shadow shadow = shadowOf(handle, site);
        if (shadow == null) {
            return;
        }
        long identity = 0;
        int members = 0;
        if (TracedHandles.isComm(handle)) {
            CommIdentity c = Shadows.identity(handle);
            if (c != null) {
                identity = c.id();
                int[] world = new int[c.size()];
                for (int i = 0; i < world.length; i++) {
                    world[i] = c.worldRank(i);
                }
                members = r.defineRanks(world);
            }
        } else if (TracedHandles.isGroup(handle)) {
            members = TraceIds.group(r, handle);
        }
        r.handle(site, HandleKind.CREATE, kind, shadow.traceId(), identity, members, 0, 0);
    }

    /** {@code handle} was freed at {@code site}. */
    public static void freed(Object handle, HandleKind kind, int site) {
        TraceRecorder r = TraceSession.recorder();
        Shadow shadow = r == null || handle == null ? null : shadowOf(handle, site);
        if (shadow != null) {
            r.handle(site, HandleKind.FREE, kind, shadow.traceId(), 0, 0, 0, 0);
        }
    }

    /** {@code MPI.attachBuffer}: the buffer buffered sends use, until detached. */
    public static void attached(byte[] buffer, int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null && buffer != null) {
            r.handle(site, HandleKind.CREATE, HandleKind.BUFFER, ATTACHED_BUFFER, 0, 0, buffer.length, 0);
        }
    }

    public static void detached(int site) {
        TraceRecorder r = TraceSession.recorder();
        if (r != null) {
            r.handle(site, HandleKind.FREE, HandleKind.BUFFER, ATTACHED_BUFFER, 0, 0, 0, 0);
        }
    }

    private static Shadow shadowOf(Object handle, int site) {
        try {
            return Shadows.handle(handle, site);
        } catch (MpiFailure e) {
            return null; // only windows ask MPI, and windows are not named here
        }
    }
}
