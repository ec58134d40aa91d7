package org.mpiguard.core.site;

/**
 * One place in the user's code that calls into MPI, registered once when its class is
 * rewritten.
 *
 * @param op        the MPI method as its declaring binding class names it, e.g. {@code Comm.send}
 * @param className binary name of the calling class
 * @param method    name of the calling method
 * @param file      source file name, or null when the class has no debug information
 * @param line      source line, or -1 when unknown
 */
public record CallSite(int id, String op, String className, String method, String file, int line) {

    /** {@code Ring.java:31}, or the class and method where no line is known. */
    public String location() {
        if (file != null && line > 0) {
            return file + ":" + line;
        }
        if (file != null) {
            return file + " (" + simpleName() + "." + method + ", line unknown)";
        }
        return className + "." + method + " (no debug information)";
    }

    private String simpleName() {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
