package org.mpiguard.agent;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Keeps the checker out of the program's compiled methods. C2 inlines a hot trampoline, and
 * the family code it calls, into the program's method that calls it: a halo loop of eight
 * MPI calls and a dozen buffer accessors compiled to 57 kB in 570 ms, against 18 kB in
 * 100 ms plain, twice per rank (jacobi2d; docs/overhead.md). On two cores shared by four
 * ranks those compilations were most of what the checker cost.
 *
 * <p>HotSpot's compiler directives (JEP 165) say what may be inlined where. The agent adds
 * one stack of them at start-up, on a thread of its own, through the same diagnostic command
 * {@code jcmd <pid> Compiler.directives_add} runs. Into every method, the program's and the
 * checker's, only the buffer watch's accessor fast path of the checker is inlined (a field
 * read and a few compares, and while windows are traced the widening of a site's open run of
 * accesses) and the checker's tiny gates ({@link #TINY}, which only the checker calls), and
 * every trampoline is a call; C2 inlines into the trampolines the families' entry points on the
 * path of every call ({@link #ENTRIES}, never compiled by C2 alone), and nothing behind them. That
 * holds for the trace's recording path too: compiled with the JIT's own inlining it carried
 * the repeat memo into each of its appends, and the traced RMA kernel ran 14 % slower than with
 * its methods compiled one by one now that loops record a range at their entry (docs/overhead.md,
 * stop 62). A program that brought directives of its own
 * (a non-default stack) keeps them alone. Any refusal (a JDK without jdk.management, a module
 * that cannot be opened) leaves the JIT as it was: the directives change cost, never behaviour.
 */
final class JitDirectives implements Runnable {

    /**
     * The checker's packages: those of the agent jar. Named one by one because the rest of
     * org/mpiguard is not the checker's (the benchmark kernels, say, which are programs).
     */
    private static final String[] CHECKER = {"org/mpiguard/advice/", "org/mpiguard/adapter/", "org/mpiguard/core/",
        "org/mpiguard/agent/", "org/mpiguard/analyzer/", "org/mpiguard/shaded/"};

    /**
     * Inlined into the program by C2 all the same: the accessor fast path, a field read and a
     * compare, and while windows are traced the widening of its site's run and its start over
     * after an MPI event (taking a run of the pool stays a call: WindowAccessTrace.extendLoad says
     * why). While a use is pending the look-up of a buffer found clear stays a call
     * (BufferWatch.knownClear): inlined into each of a halo loop's accessor calls, with its
     * identity hash and table reads, it tripled the loop's C2 compilations (jacobi2d, 2026-11-29).
     */
    private static final String[] FAST_PATH = {"org/mpiguard/advice/buffers/NioAccess.*",
        "org/mpiguard/advice/buffers/NioLoopAccess.*",
        "org/mpiguard/advice/buffers/BufferWatch.access", "org/mpiguard/advice/buffers/BufferWatch.load",
        "org/mpiguard/advice/buffers/BufferWatch.store*", "org/mpiguard/advice/buffers/WindowAccessTrace.extend*",
        "org/mpiguard/core/trace/AccessRun.takes", "org/mpiguard/core/trace/AccessRun.isOpen",
        "org/mpiguard/core/trace/AccessRun.widen*", "org/mpiguard/core/trace/AccessRun.cover",
        "org/mpiguard/core/trace/AccessRun.startOver", "org/mpiguard/core/trace/AccessRuns.opened",
        "org/mpiguard/core/trace/AccessRun.mergeValue", "org/mpiguard/core/trace/ValueHash.ofBits",
        "org/mpiguard/core/trace/ValueHash.concat"};

    /**
     * Inlined into the checker's own methods (and nowhere else: the program calls none of
     * them): getters and one-field tests that every call's path asks, each at most 35 bytes
     * of bytecode (the JIT's own MaxInlineSize; {@code JitDirectivesTextTest} holds them
     * there). Left as calls, a check's gate (is the family on? is MPI running?) was a chain
     * of four calls: some 4 % of a one-double allReduce's time under the agent (JMH,
     * async-profiler; docs/overhead.md).
     */
    static final String[] TINY = {"org/mpiguard/core/Guard.options", "org/mpiguard/core/options/Options.enabled",
        "org/mpiguard/core/options/CheckFamily.bit", "org/mpiguard/advice/args/Checks.on",
        "org/mpiguard/adapter/MpiRuntime.state", "org/mpiguard/adapter/MpiRuntime.running",
        "org/mpiguard/adapter/ThreadLevel.onlyThread", "org/mpiguard/core/activity/SerializedCalls.watched",
        "org/mpiguard/core/activity/SerializedCalls.entered", "org/mpiguard/core/activity/SerializedCalls.left",
        "org/mpiguard/adapter/MpiRuntime.tracksCollectives", "org/mpiguard/core/activity/RankActivity.current",
        "org/mpiguard/core/activity/ThreadActivity.thread", "org/mpiguard/core/activity/ThreadActivity.beginUpdate",
        "org/mpiguard/core/activity/ThreadActivity.endUpdate", "org/mpiguard/adapter/trace/TraceSession.recorder",
        "org/mpiguard/adapter/shadow/Shadow.frees", "org/mpiguard/adapter/shadow/CommShadow.identity",
        "org/mpiguard/advice/explore/ForcedMatches.source", "org/mpiguard/advice/args/CheckedCalls.hit",
        // what the families ask of a binding object through the adapter: a cast and the binding's own getter
        "org/mpiguard/adapter/args/Comms.isNull", "org/mpiguard/adapter/args/Groups.isNull",
        "org/mpiguard/adapter/args/Infos.isNull", "org/mpiguard/adapter/args/Datatypes.isNull",
        "org/mpiguard/adapter/args/Datatypes.extent", "org/mpiguard/adapter/args/Datatypes.trueLb",
        "org/mpiguard/adapter/args/Datatypes.trueExtent", "org/mpiguard/adapter/trace/StatusFields.source",
        "org/mpiguard/adapter/trace/StatusFields.tag", "org/mpiguard/adapter/trace/StatusFields.index",
        // the recording thread's field array, which each recorded event asks for
        "org/mpiguard/core/trace/TraceRecorder.fields", "org/mpiguard/core/trace/MappedEvents.fields",
        "org/mpiguard/core/trace/MappedEvents.cursor", "org/mpiguard/core/trace/RepeatMemo.scratch"};

    /**
     * Inlined by C2 into the trampolines (and the checker's other callers; the program calls none
     * of them): the families' entry points on the path of every point-to-point and collective call
     * (the blocking bracket, the argument checks' memo, the receive's hazards, the trace's hooks). Each left as a call cost the warm call its
     * call and what the JIT could not fold across it: JMH {@code sendRecv} on COMM_SELF 170-176 ns
     * with them as calls, 155-161 inlined, plain 147-151 (3 interleaved rounds of forks); the short
     * call-bound kernels at 2 ranks within their noise (cg-calls 1.03 x, pingpong-latency 0.92 x,
     * 6 rounds; docs/overhead.md, stop 53). Their own
     * callees stay calls, so the trampolines' compilations stay small (the whole checker inlined
     * into itself cost the short kernels 0.1-0.2 s of compiling). Not given to C1: its tier-3 code
     * only profiles until C2 replaces it.
     */
    static final String[] ENTRIES = {"org/mpiguard/core/activity/ThreadActivity.enter",
        "org/mpiguard/core/activity/ThreadActivity.exit", "org/mpiguard/advice/args/CheckedCalls.same",
        "org/mpiguard/advice/args/CheckedCalls.matches", "org/mpiguard/advice/args/PointToPointArgs.*",
        "org/mpiguard/adapter/args/ReceiveHazards.*", "org/mpiguard/advice/trace/PointToPointTrace.*",
        "org/mpiguard/advice/Blocking.*", "org/mpiguard/advice/args/Environment.refused",
        "org/mpiguard/advice/args/CollectiveCallArgs.*", "org/mpiguard/advice/CollectiveRing.enter"};

    /**
     * Inlined by C2 into the recorder's methods, their only callers: the stores of an event's
     * fields into the recording thread's array (as a call, they are the dozen arguments a call
     * costs that {@code EventFields} exists to spare; docs/overhead.md, stop 67). The recording
     * path keeps no directive of its own (stop 62), so they are not among the entries.
     */
    static final String[] RECORDING_FIELDS = {"org/mpiguard/core/trace/EventFields.put"};

    /**
     * What C1 inlines into the program: the accessor alone. C1 inlines what it is told whatever
     * the profile says, so the fast path above made each accessor call of a halo loop carry the
     * traced window path too (the tier-3 code of jacobi2d's method 68 kB against 40 kB, compiled
     * once per loop); that code only profiles until C2 replaces it.
     */
    private static final String[] C1_FAST_PATH = {"org/mpiguard/advice/buffers/NioAccess.*",
        "org/mpiguard/advice/buffers/NioLoopAccess.*"};

    static final String TEXT = text();

    /**
     * The entries are never compiled by C2 on their own: the trampolines' C2 code carries them
     * inlined, so a C2 compilation of one alone only served the trampolines' C1 code for the few
     * milliseconds until their own C2 code replaced it, and cost the short kernels 20-40 ms of
     * compiling a rank (pingpong-latency at 2 ranks: the checker's C2 time in the kernel 61-79 ms
     * against 87-104; docs/overhead.md, stop 54). Excluded from C2, HotSpot compiles them with C1
     * without profiling instead. First in the stack: a directive applies by its first match.
     */
    private static final String ENTRIES_NOT_ALONE = "c2: { Exclude: true }";

    private static String text() {
        return "[ { match: [" + matchList(ENTRIES) + "], " + ENTRIES_NOT_ALONE
                + " },\n  { match: \"*.*\", c1: { inline: [" + inlineList(C1_FAST_PATH, TINY)
                + "] }, c2: { inline: [" + inlineList(ENTRIES, RECORDING_FIELDS, FAST_PATH, TINY) + "] } } ]\n";
    }

    /** Patterns as a directive's match list. */
    private static String matchList(String[] patterns) {
        StringBuilder list = new StringBuilder();
        for (String p : patterns) {
            list.append(list.length() == 0 ? "" : ", ").append('"').append(p).append('"');
        }
        return list.toString();
    }

    /** The lists given forced inline, in their order; the rest of the checker kept out. */
    private static String inlineList(String[]... forced) {
        StringBuilder inline = new StringBuilder();
        for (String[] list : forced) {
            for (String p : list) {
                inline.append(inline.length() == 0 ? "" : ", ").append("\"+").append(p).append('"');
            }
        }
        for (String p : CHECKER) {
            inline.append(", \"-").append(p).append("*.*\"");
        }
        return inline.toString();
    }

    private static final String THREAD = "mpiguard-jit-directives";

    private final Instrumentation instrumentation;

    private JitDirectives(Instrumentation instrumentation) {
        this.instrumentation = instrumentation;
    }

    /** Adds the directives on a daemon thread: start-up does not wait for the management classes. */
    static void addInBackground(Instrumentation instrumentation) {
        Thread t = new Thread(new JitDirectives(instrumentation), THREAD);
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        try {
            add(instrumentation);
        } catch (Throwable ignored) {
            // fail open: the program runs with the JIT's own inlining
        }
    }

    /** Adds the directives unless the JDK lacks the management modules or the program has directives of its own. */
    private static void add(Instrumentation instrumentation) throws ReflectiveOperationException, IOException {
        DiagnosticCommand command = DiagnosticCommand.open(instrumentation);
        if (command == null || count(command.execute("Compiler.directives_print"), "Directive:") != 1) {
            return;
        }
        File file = newFile();
        try {
            try (OutputStream out = new FileOutputStream(file)) {
                out.write(TEXT.getBytes(StandardCharsets.UTF_8));
            }
            command.execute("Compiler.directives_add " + file.getPath());
        } finally {
            file.delete();
        }
    }

    /**
     * A new file of our own in the temporary directory. Not File.createTempFile: its first
     * call seeds a SecureRandom, two thirds of this thread's CPU (profiled). createNewFile
     * creates exclusively, so a name someone else made (a link, say) is never written through.
     */
    private static File newFile() throws IOException {
        File dir = new File(System.getProperty("java.io.tmpdir"));
        // not ProcessHandle's pid: its class initialiser was a third of this thread's CPU
        for (long n = System.nanoTime(), tries = 0; tries < 16; n += 7919, tries++) {
            File f = new File(dir, "mpiguard-jit-" + Long.toHexString(n) + ".json");
            if (f.createNewFile()) {
                return f;
            }
        }
        throw new IOException("no new file in " + dir);
    }

    private static int count(String text, String word) {
        int n = 0;
        for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length())) {
            n++;
        }
        return n;
    }

    /**
     * The JVM's diagnostic commands, called as the management bean does (its native
     * {@code executeDiagnosticCommand}, JDK 17 to 25) without starting JMX: the two packages
     * it needs are opened to the agent's module only.
     */
    private static final class DiagnosticCommand {
        private final Object impl;
        private final Method execute;

        private DiagnosticCommand(Object impl, Method execute) {
            this.impl = impl;
            this.execute = execute;
        }

        static DiagnosticCommand open(Instrumentation instrumentation) throws ReflectiveOperationException {
            Optional<Module> management = ModuleLayer.boot().findModule("java.management");
            Optional<Module> extension = ModuleLayer.boot().findModule("jdk.management");
            if (management.isEmpty() || extension.isEmpty()) {
                return null;
            }
            Module agent = JitDirectives.class.getModule();
            instrumentation.redefineModule(management.get(), Set.of(), Map.of("sun.management", Set.of(agent)),
                    Map.of(), Set.of(), Map.of());
            instrumentation.redefineModule(extension.get(), Set.of(), Map.of(),
                    Map.of("com.sun.management.internal", Set.of(agent)), Set.of(), Map.of());
            ClassLoader loader = ClassLoader.getSystemClassLoader();
            Object vm = Class.forName("sun.management.ManagementFactoryHelper", true, loader)
                    .getMethod("getVMManagement").invoke(null);
            // its static initialiser loads libmanagement_ext, where the command's native method lives
            Class.forName("com.sun.management.internal.PlatformMBeanProviderImpl", true, loader);
            Class<?> type = Class.forName("com.sun.management.internal.DiagnosticCommandImpl", true, loader);
            Constructor<?> make = type.getDeclaredConstructor(Class.forName("sun.management.VMManagement", false, loader));
            make.setAccessible(true);
            Method execute = type.getDeclaredMethod("executeDiagnosticCommand", String.class);
            execute.setAccessible(true);
            return new DiagnosticCommand(make.newInstance(vm), execute);
        }

        String execute(String command) throws ReflectiveOperationException {
            Object out = execute.invoke(impl, command);
            return out == null ? "" : out.toString();
        }
    }
}
