package org.mpiguard.advice;

import org.mpiguard.adapter.shadow.WindowShadows;
import org.mpiguard.adapter.MpiConstants;
import org.mpiguard.adapter.MpiRuntime;
import org.mpiguard.adapter.shadow.Shadows;
import org.mpiguard.core.activity.RankActivity;
import org.mpiguard.core.activity.ThreadActivity;
import org.mpiguard.core.activity.WaitKind;
import org.mpiguard.core.activity.WindowState;

/**
 * The blocking one-sided synchronisation calls as the wait-for graph sees them. A fence
 * is a collective over the window's members (numbered, like any collective). A PSCW
 * start or complete waits for the targets of its group, a wait for the origins of its
 * post group; either may have been satisfied in part already, so each is OR over its
 * group. A lock or unlock (Open MPI may block in either, depending on the component)
 * waits for the target and for whoever holds a conflicting lock on it.
 */
public final class WindowSync {

    private static final int[] NOBODY = new int[0];

    private WindowSync() {
    }

    public static void created(Object win, Object comm, int site) {
        if (MpiRuntime.tracksCollectives()) {
            WindowShadows.windowNamed(win, comm, site);
        }
    }

    public static ThreadActivity fence(Object win, int site) {
        ThreadActivity activity = RankActivity.current();
        WindowState w = WindowShadows.windowGraph(win);
        if (w == null) {
            activity.enter(WaitKind.UNTRACKED, site, null, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        } else {
            activity.enter(WaitKind.COLLECTIVE, site, w, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER,
                    (int) w.nextFence());
        }
        return activity;
    }

    public static ThreadActivity start(Object win, Object group, int site) {
        WindowState w = WindowShadows.windowGraph(win);
        int[] targets = MpiRuntime.tracksCollectives() ? Shadows.worldRanks(group) : NOBODY;
        if (w != null) {
            w.started(targets);
        }
        return anyOf(w == null ? null : targets, site);
    }

    public static ThreadActivity complete(Object win, int site) {
        WindowState w = WindowShadows.windowGraph(win);
        return anyOf(w == null ? null : w.startGroup(), site);
    }

    public static void posted(Object win, Object group) {
        WindowState w = WindowShadows.windowGraph(win);
        if (w != null) {
            w.posted(Shadows.worldRanks(group));
        }
    }

    public static ThreadActivity waitForOrigins(Object win, int site) {
        WindowState w = WindowShadows.windowGraph(win);
        return anyOf(w == null ? null : w.postGroup(), site);
    }

    public static ThreadActivity lock(Object win, int lockType, int target, int site) {
        return lockWait(win, target,
                lockType == MpiConstants.LOCK_EXCLUSIVE ? WindowState.EXCLUSIVE : WindowState.SHARED, site);
    }

    public static void locked(Object win, int lockType, int target) {
        WindowState w = WindowShadows.windowGraph(win);
        if (w != null) {
            w.locked(target, lockType == MpiConstants.LOCK_EXCLUSIVE ? WindowState.EXCLUSIVE : WindowState.SHARED);
        }
    }

    public static ThreadActivity unlock(Object win, int target, int site) {
        WindowState w = WindowShadows.windowGraph(win);
        int mode = w == null ? WindowState.SHARED : w.held(target);
        return lockWait(win, target, mode == WindowState.NOT_HELD ? WindowState.SHARED : mode, site);
    }

    public static void unlocked(Object win, int target) {
        WindowState w = WindowShadows.windowGraph(win);
        if (w != null) {
            w.unlocked(target);
        }
    }

    private static ThreadActivity lockWait(Object win, int target, int mode, int site) {
        ThreadActivity activity = RankActivity.current();
        WindowState w = WindowShadows.windowGraph(win);
        if (w == null) {
            activity.enter(WaitKind.UNTRACKED, site, null, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        } else {
            activity.enter(WaitKind.LOCK, site, w, target, mode, 0);
        }
        return activity;
    }

    private static ThreadActivity anyOf(int[] worldRanks, int site) {
        ThreadActivity activity = RankActivity.current();
        if (worldRanks == null) {
            activity.enter(WaitKind.UNTRACKED, site, null, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        } else {
            activity.enter(WaitKind.ANY_OF, site, worldRanks, ThreadActivity.NO_PEER, ThreadActivity.NO_PEER, 0);
        }
        return activity;
    }
}
