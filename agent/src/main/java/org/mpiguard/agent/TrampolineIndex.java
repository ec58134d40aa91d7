package org.mpiguard.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.mpiguard.core.index.TrampolineEntry;

/**
 * Which calls into the bindings have a trampoline, read once from the index the advice
 * build writes. Keyed by owner, name and descriptor exactly as a call instruction names
 * them, so a call the bindings' version does not know is simply left alone.
 */
public final class TrampolineIndex {

    static final String RESOURCE = TrampolineEntry.RESOURCE;

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

    private final Map<String, Target> targets;
    private final Map<String, ConstructorTarget> constructors;

    private final boolean bufferWatch;

    private TrampolineIndex(Map<String, Target> targets, Map<String, ConstructorTarget> constructors,
                            boolean bufferWatch) {
        this.targets = targets;
        this.constructors = constructors;
        this.bufferWatch = bufferWatch;
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
            Map<String, Target> targets = new HashMap<>(2048);
            Map<String, ConstructorTarget> constructors = new HashMap<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                TrampolineEntry e = TrampolineEntry.parse(line);
                if (e == null) {
                    continue;
                }
                if (e.isConstructor()) {
                    constructors.put(e.callKey(), new ConstructorTarget(e.trampolineClass(), e.trampolineDescriptor(),
                            e.kind() == TrampolineEntry.CHECKED_CONSTRUCTOR, e.op()));
                } else {
                    targets.put(e.callKey(), new Target(e.kind() == TrampolineEntry.STATIC, e.trampolineClass(),
                            e.trampolineName(), e.trampolineDescriptor(), e.op()));
                }
            }
            if (bufferWatch) {
                targets.putAll(NioTargets.all());
            }
            return new TrampolineIndex(targets, constructors, bufferWatch);
        }
    }

    /** The trampoline for this call, or null if the call is to be left as it is. */
    public Target find(String owner, String name, String descriptor) {
        return targets.get(key(owner, name, descriptor));
    }

    /** The trampolines of this constructor of the bindings, or null. */
    public ConstructorTarget findConstructor(String owner, String descriptor) {
        return constructors.isEmpty() ? null : constructors.get(key(owner, "<init>", descriptor));
    }

    /** Whether any constructor is intercepted: if not, no class needs its locals counted. */
    public boolean hasConstructors() {
        return !constructors.isEmpty();
    }

    public int size() {
        return targets.size();
    }

    private static String key(String owner, String name, String descriptor) {
        return TrampolineEntry.key(owner, name, descriptor);
    }
}
