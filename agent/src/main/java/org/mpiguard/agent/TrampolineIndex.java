package org.mpiguard.agent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mpiguard.core.index.TrampolineEntry;

/**
 * Which calls into the bindings have a trampoline, from the index the advice build
 * writes. Keyed by owner, name and descriptor exactly as a call instruction names them,
 * so a call the bindings' version does not know is simply left alone.
 *
 * <p>Start-up reads the index as one string and parses nothing: the lines of a binding
 * class are parsed the first time a rewritten class calls into it, and the buffer watch's
 * targets the first time one names java.nio. A program touches a handful of the 32
 * binding classes, and parsing all 1,100 lines up front cost some 70 ms of the premain
 * plus the compiler threads' work on the string code it made hot (measured, issue 18).
 */
public final class TrampolineIndex {

    static final String RESOURCE = TrampolineEntry.RESOURCE;
    private static final String NIO = "java/nio/";

    /** Where a call goes instead, and the MPI operation it is. */
    public record Target(boolean isStatic, String owner, String name, String descriptor, String op) {
    }

    /**
     * The trampolines of a constructor: {@code new$} after it returned, with the object and
     * its arguments; {@code new$before} before it runs, with the arguments, if
     * {@code checkedBefore}.
     */
    public record ConstructorTarget(String owner, String descriptor, boolean checkedBefore, String op) {
        public String afterName() {
            return TrampolineEntry.CONSTRUCTED;
        }

        public String beforeName() {
            return TrampolineEntry.CONSTRUCTING;
        }
    }

    /** One binding class's entries, keyed by name and descriptor. */
    private record Owner(Map<String, Target> methods, Map<String, ConstructorTarget> constructors) {
    }

    /** The whole index, one entry a line. */
    private final String text;
    private final boolean bufferWatch;
    private final boolean constructors;
    private final ConcurrentHashMap<String, Owner> owners = new ConcurrentHashMap<>();
    private volatile Map<String, Target> nio;

    private TrampolineIndex(String text, boolean bufferWatch) {
        this.text = text;
        this.bufferWatch = bufferWatch;
        this.constructors = text.contains(" " + TrampolineEntry.CONSTRUCTOR + " ")
                || text.contains(" " + TrampolineEntry.CHECKED_CONSTRUCTOR + " ");
    }

    /** Whether java.nio accessors are rewritten too (then classes naming java/nio/ are parsed). */
    public boolean watchesBuffers() {
        return bufferWatch;
    }

    /** The bindings' trampolines and the buffer watch's. */
    public static TrampolineIndex load() throws IOException {
        return load(true);
    }

    /** Without {@code bufferWatch}, calls of java.nio accessors are left as they are. */
    public static TrampolineIndex load(boolean bufferWatch) throws IOException {
        try (InputStream in = TrampolineIndex.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("the agent jar lacks " + RESOURCE);
            }
            return new TrampolineIndex(new String(in.readAllBytes(), StandardCharsets.UTF_8), bufferWatch);
        }
    }

    /** The trampoline for this call, or null if the call is to be left as it is. */
    public Target find(String owner, String name, String descriptor) {
        if (owner.startsWith(NIO)) {
            return bufferWatch ? nio().get(TrampolineEntry.key(owner, name, descriptor)) : null;
        }
        return owner(owner).methods().get(name + descriptor);
    }

    /** The trampolines of this constructor of the bindings, or null. */
    public ConstructorTarget findConstructor(String owner, String descriptor) {
        return constructors ? owner(owner).constructors().get(descriptor) : null;
    }

    /** Whether any constructor is intercepted: if not, no class needs its locals counted. */
    public boolean hasConstructors() {
        return constructors;
    }

    /** How many methods have a trampoline (parses the whole index: for tests and the build's log). */
    public int size() {
        int n = 0;
        for (int at = 0; at < text.length(); ) {
            int end = lineEnd(at);
            TrampolineEntry e = TrampolineEntry.parse(text.substring(at, end));
            if (e != null && !e.isConstructor()) {
                n++;
            }
            at = end + 1;
        }
        return n + (bufferWatch ? nio().size() : 0);
    }

    private Owner owner(String owner) {
        Owner parsed = owners.get(owner);
        if (parsed == null) {
            parsed = parse(owner);
            Owner raced = owners.putIfAbsent(owner, parsed);
            parsed = raced != null ? raced : parsed;
        }
        return parsed;
    }

    /** The lines that begin with {@code owner} and a space. */
    private Owner parse(String owner) {
        Map<String, Target> methods = new HashMap<>();
        Map<String, ConstructorTarget> made = new HashMap<>();
        String prefix = owner + ' ';
        for (int at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
            if (at > 0 && text.charAt(at - 1) != '\n') {
                continue;
            }
            TrampolineEntry e = TrampolineEntry.parse(text.substring(at, lineEnd(at)));
            if (e == null) {
                continue;
            }
            if (e.isConstructor()) {
                made.put(e.descriptor(), new ConstructorTarget(e.trampolineClass(), e.trampolineDescriptor(),
                        e.kind() == TrampolineEntry.CHECKED_CONSTRUCTOR, e.op()));
            } else {
                methods.put(e.name() + e.descriptor(), new Target(e.kind() == TrampolineEntry.STATIC,
                        e.trampolineClass(), e.trampolineName(), e.trampolineDescriptor(), e.op()));
            }
        }
        return new Owner(methods, made);
    }

    private int lineEnd(int at) {
        int end = text.indexOf('\n', at);
        return end < 0 ? text.length() : end;
    }

    private Map<String, Target> nio() {
        Map<String, Target> n = nio;
        if (n == null) {
            n = NioTargets.all();
            nio = n;
        }
        return n;
    }
}
