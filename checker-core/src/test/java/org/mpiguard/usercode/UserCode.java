package org.mpiguard.usercode;

import java.util.List;
import org.mpiguard.core.report.SiteRef;
import org.mpiguard.core.report.StackCapture;

/** Stands for a user's class calling MPI: outside the packages the checker always skips. */
public final class UserCode {

    private UserCode() {
    }

    public static List<SiteRef> callMpi(StackCapture capture) {
        return capture.capture();
    }

    public static List<SiteRef> outer(StackCapture capture) {
        return callMpi(capture);
    }
}
