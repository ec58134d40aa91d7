package org.mpiguard.core.report;

import java.util.Objects;
import org.mpiguard.core.site.CallSite;

/** The {@code site} object of a finding: where in the user's code the call stands. */
public record SiteRef(String className, String method, String file, int line) {

    public static SiteRef of(CallSite site) {
        return new SiteRef(site.className(), site.method(), site.file(), site.line());
    }

    /** A frame as {@code Class.method(File.java:12)} (perhaps after {@code module/}), as a thread's stack prints it. */
    public static SiteRef ofFrame(String frame) {
        int open = frame.indexOf('(');
        String qualified = open < 0 ? frame : frame.substring(0, open);
        qualified = qualified.substring(qualified.lastIndexOf('/') + 1);
        int dot = qualified.lastIndexOf('.');
        String className = dot < 0 ? qualified : qualified.substring(0, dot);
        String method = dot < 0 ? "?" : qualified.substring(dot + 1);
        String file = null;
        int line = -1;
        if (open >= 0 && frame.endsWith(")")) {
            String inside = frame.substring(open + 1, frame.length() - 1);
            int colon = inside.lastIndexOf(':');
            String name = colon > 0 ? inside.substring(0, colon) : inside;
            file = name.endsWith(".java") || name.endsWith(".kt") ? name : null;
            if (colon > 0) {
                try {
                    line = Integer.parseInt(inside.substring(colon + 1));
                } catch (NumberFormatException e) {
                    line = -1;
                }
            }
        }
        return new SiteRef(className, method, file, line);
    }

    // equals and hashCode written out (the record's, term for term): the generated ones are
    // bootstrapped through java.lang.invoke on first use, a quarter of a small end-of-run analysis
    @Override
    public boolean equals(Object o) {
        return o instanceof SiteRef s && line == s.line && Objects.equals(className, s.className)
                && Objects.equals(method, s.method) && Objects.equals(file, s.file);
    }

    /** The record's own form, written out for the same reason (findings are merged by it at Finalize). */
    @Override
    public String toString() {
        return "SiteRef[className=" + className + ", method=" + method + ", file=" + file + ", line=" + line + "]";
    }

    @Override
    public int hashCode() {
        return ((Objects.hashCode(className) * 31 + Objects.hashCode(method)) * 31 + Objects.hashCode(file)) * 31
                + line;
    }

    public String location() {
        if (file != null && line > 0) {
            return file + ":" + line;
        }
        return className + "." + method;
    }
}
