package org.mpiguard.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.mpiguard.core.Guard;
import org.mpiguard.core.index.OwnerCount;
import org.mpiguard.core.index.TrampolineEntry;

/**
 * Which calls into the bindings (and, for the buffer watch, into {@code java.nio}) have a
 * trampoline, from the index the advice build writes split by owner. Keyed by owner, name
 * and descriptor exactly as a call instruction names them, so a call the bindings' version
 * does not know is simply left alone.
 *
 * <p>Start-up reads only the list of owners (a few dozen lines); a class's own lines are
 * read and parsed the first time a rewritten class calls into it. A program touches a
 * handful of the classes. The resources come straight from the agent jar
 * ({@link AgentJarResources}); the buffer watch's lines are written by the build instead of
 * found by reflection at start-up. Together some 23 ms of a rank's start-up became 8-13 ms
 * (measured, issue 23; docs/overhead.md).
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

    /** One owner's entries, keyed by name and descriptor. */
    private record Owner(Map<String, Target> methods, Map<String, ConstructorTarget> constructors) {
    }

    private static final Owner NONE = new Owner(Map.of(), Map.of());

    /** The owners calls can name, with their counts (java.nio's only when the buffer watch is on). */
    private final Map<String, OwnerCount> counts;
    private final boolean bufferWatch;
    private final boolean constructors;
    private final ConcurrentHashMap<String, Owner> owners = new ConcurrentHashMap<>();

    private TrampolineIndex(Map<String, OwnerCount> counts, boolean bufferWatch) {
        this.counts = counts;
        this.bufferWatch = bufferWatch;
        boolean any = false;
        for (OwnerCount c : counts.values()) {
            any |= c.constructors() > 0;
        }
        this.constructors = any;
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
        Map<String, OwnerCount> counts = new HashMap<>(64);
        for (String line : lines(TrampolineEntry.OWNERS_RESOURCE)) {
            OwnerCount c = OwnerCount.parse(line);
            if (c != null && (bufferWatch || !c.owner().startsWith(NIO))) {
                counts.put(c.owner(), c);
            }
        }
        if (counts.isEmpty()) {
            throw new IOException("the agent jar's " + TrampolineEntry.OWNERS_RESOURCE + " names no class");
        }
        return new TrampolineIndex(counts, bufferWatch);
    }

    /** The trampoline for this call, or null if the call is to be left as it is. */
    public Target find(String owner, String name, String descriptor) {
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

    /** How many methods have a trampoline (for tests and the build's log). */
    public int size() {
        int n = 0;
        for (OwnerCount c : counts.values()) {
            n += c.methods();
        }
        return n;
    }

    private Owner owner(String owner) {
        Owner parsed = owners.get(owner);
        if (parsed == null) {
            parsed = counts.containsKey(owner) ? parse(owner) : NONE;
            Owner raced = owners.putIfAbsent(owner, parsed);
            parsed = raced != null ? raced : parsed;
        }
        return parsed;
    }

    /** The lines of {@code owner}'s resource; an owner whose resource cannot be read has none. */
    private static Owner parse(String owner) {
        Map<String, Target> methods = new HashMap<>();
        Map<String, ConstructorTarget> made = new HashMap<>();
        List<String> lines;
        try {
            lines = lines(TrampolineEntry.ownerResource(owner));
        } catch (IOException | RuntimeException e) {
            Guard.fault("reading the trampolines of " + owner.replace('/', '.'), e);
            return NONE;
        }
        for (String line : lines) {
            TrampolineEntry e = TrampolineEntry.parse(line);
            if (e == null || !e.owner().equals(owner)) {
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

    /** The lines of a resource of the agent jar, split without regular expressions (start-up runs interpreted). */
    private static List<String> lines(String resource) throws IOException {
        byte[] bytes = AgentJarResources.read(resource);
        if (bytes == null) {
            throw new IOException("the agent jar lacks " + resource);
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>();
        int at = 0;
        while (at < text.length()) {
            int end = text.indexOf('\n', at);
            end = end < 0 ? text.length() : end;
            int last = end > at && text.charAt(end - 1) == '\r' ? end - 1 : end; // a jar built on Windows
            if (last > at) {
                lines.add(text.substring(at, last));
            }
            at = end + 1;
        }
        return lines;
    }
}
