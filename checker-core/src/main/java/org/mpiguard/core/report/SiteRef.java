package org.mpiguard.core.report;

import org.mpiguard.core.site.CallSite;

/** The {@code site} object of a finding: where in the user's code the call stands. */
public record SiteRef(String className, String method, String file, int line) {

    public static SiteRef of(CallSite site) {
        return new SiteRef(site.className(), site.method(), site.file(), site.line());
    }

    public String location() {
        if (file != null && line > 0) {
            return file + ":" + line;
        }
        return className + "." + method;
    }
}
