package org.mpiguard.core.options;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Every option of MPIGuard, its default and its parser, in one place.
 *
 * <p>Sources, later ones overriding earlier: the agent argument string
 * ({@code key=value,key=value}), the {@code MPIGUARD_OPTIONS} environment variable
 * (same syntax), then {@code mpiguard.<key>} system properties. An unknown key or a bad
 * value is an {@link OptionsException} whose message names the key and what is valid.
 */
public final class Options {

    /** Class-name globs to rewrite, {@code :} separated; empty means every class. */
    public static final String INCLUDE = "include";
    /** Class-name globs never to rewrite, {@code :} separated. */
    public static final String EXCLUDE = "exclude";
    /** Check families to run: {@code all}, {@code none}, or names joined by {@code :}. */
    public static final String CHECKS = "checks";
    /** How long a rank may be blocked before the watchdogs look for a deadlock. */
    public static final String TIMEOUT = "timeout";
    /** How long a rank may keep polling for the same thing before the watchdogs look for a livelock. */
    public static final String LIVELOCK_TIMEOUT = "livelock-timeout";
    /**
     * How long ranks may wait, without progress, for a rank that runs outside MPI before a
     * {@code stall} warning names where they wait and where that rank is.
     */
    public static final String STALL_TIMEOUT = "stall-timeout";
    /** {@code abort} or {@code continue} after an error finding. */
    public static final String ON_ERROR = "on-error";
    /** Directory of the {@code findings-rank<N>.jsonl} files. */
    public static final String REPORT = "report";
    /**
     * {@code report} the Java bindings' own receive hazards (stale data copied into the
     * untouched part of a receive array) or make those calls keep the untouched elements
     * as the MPI standard says ({@code standard}).
     */
    public static final String BINDING_HAZARDS = "binding-hazards";
    /**
     * How many of the user's Java frames a finding made on the calling thread carries;
     * {@code 0} takes no stack. The stack is walked only when a finding is made.
     */
    public static final String STACK_DEPTH = "stack-depth";
    /**
     * Per-rank traces of the MPI events ({@code trace-rank<N>.mpgt}) for the cross-process
     * analyses: {@code off}, {@code on} (into the report directory) or a directory.
     */
    public static final String TRACE = "trace";
    /**
     * {@code on}: when every rank's trace is complete at Finalize, rank 0 analyses them
     * before the job ends; {@code off} leaves that to {@code mpiguard analyze DIR}.
     */
    public static final String TRACE_ANALYSIS = "trace-analysis";
    /** The most traced events rank 0 analyses at the end of the run; more are left to mpiguard analyze. */
    public static final String TRACE_ANALYSIS_MAX = "trace-analysis-max";
    /** The size at which a rank's trace file stops growing: recording stops there and the report says so. */
    public static final String TRACE_MAX = "trace-max";
    /**
     * {@code off}, or the file of a replay's forced matches ({@code mpiguard explore} writes
     * it): the wildcard receives it names receive from the source it gives.
     */
    public static final String FORCE_MATCHES = "force-matches";
    /**
     * {@code on}: standard sends ({@code Comm.send}, {@code iSend}) are made as synchronous
     * ones ({@code sSend}, {@code iSsend}), so no send completes before its receive is posted:
     * the zero buffering under which a predicted deadlock was found ({@code mpiguard explore}'s
     * replays of predictions set it).
     */
    public static final String SYNC_SENDS = "sync-sends";

    public static final String ENV_VARIABLE = "MPIGUARD_OPTIONS";
    public static final String PROPERTY_PREFIX = "mpiguard.";

    private static final int MAX_STACK_DEPTH = 256;
    /** A trace smaller than this cannot hold a few chunks of events per thread. */
    private static final long MIN_TRACE_BYTES = 1L << 20;
    private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();
    private static final Map<String, String> VALID = new LinkedHashMap<>();

    static {
        define(INCLUDE, "", "class-name globs separated by ':' (e.g. com.acme.*:org.lab.Solver)");
        define(EXCLUDE, "", "class-name globs separated by ':'");
        define(CHECKS, "all", "all, none, or any of " + CheckFamily.keys() + " joined by ':'");
        define(TIMEOUT, "1s", "a duration such as 500ms, 2s or 1m, at least 100ms");
        define(LIVELOCK_TIMEOUT, "5s", "a duration such as 500ms, 2s or 1m, at least 100ms");
        define(STALL_TIMEOUT, "1m", "a duration such as 500ms, 2s or 1m, at least 100ms");
        define(ON_ERROR, "abort", "abort or continue");
        define(REPORT, "mpiguard-report", "a directory path");
        define(BINDING_HAZARDS, "report", "report or standard");
        define(STACK_DEPTH, "16", "a number of frames from 0 (no stacks) to " + MAX_STACK_DEPTH);
        define(TRACE, "off", "off, on (into the report directory) or a directory path");
        define(TRACE_MAX, "1G", "a size such as 512M, 1G or 20G (K, M, G, T: powers of 1024), at least "
                + (MIN_TRACE_BYTES >> 20) + "M");
        define(TRACE_ANALYSIS, "on", "on or off (rank 0 analyses the traces at the end of the run)");
        define(TRACE_ANALYSIS_MAX, "1000000", "a number of traced events of all ranks together, at least 1 (more are"
                + " left to mpiguard analyze)");
        define(FORCE_MATCHES, "off", "off or the path of a file of forced matches (written by mpiguard explore)");
        define(SYNC_SENDS, "off", "on or off (standard sends made synchronous: zero buffering, for replays)");
    }

    private final String include;
    private final String exclude;
    /** The families the checks option turns on, as {@link CheckFamily#bits}: every binding call asks. */
    private final long checkBits;
    private final long timeoutMillis;
    private final long livelockTimeoutMillis;
    private final long stallTimeoutMillis;
    private final OnError onError;
    private final Path reportDir;
    private final boolean bindingHazardsStandard;
    private final int stackDepth;
    /** Where traces go; null when off. */
    private final Path traceDir;
    private final boolean traceAnalysis;
    private final long traceMaxBytes;
    private final long traceAnalysisMaxEvents;
    /** The forced matches of a replay; null when off. */
    private final Path forceMatches;
    private final boolean syncSends;

    private Options(Map<String, String> values) throws OptionsException {
        this.include = values.get(INCLUDE);
        this.exclude = values.get(EXCLUDE);
        this.checkBits = CheckFamily.bits(parseChecks(values.get(CHECKS)));
        this.timeoutMillis = parseDuration(TIMEOUT, values.get(TIMEOUT), 100);
        this.livelockTimeoutMillis = parseDuration(LIVELOCK_TIMEOUT, values.get(LIVELOCK_TIMEOUT), 100);
        this.stallTimeoutMillis = parseDuration(STALL_TIMEOUT, values.get(STALL_TIMEOUT), 100);
        this.onError = parseOnError(values.get(ON_ERROR));
        String report = values.get(REPORT).trim();
        if (report.isEmpty()) {
            throw invalid(REPORT, report);
        }
        this.reportDir = Path.of(report);
        this.bindingHazardsStandard = parseBindingHazards(values.get(BINDING_HAZARDS));
        this.stackDepth = (int) parseNumber(STACK_DEPTH, values.get(STACK_DEPTH), 0, MAX_STACK_DEPTH);
        this.traceDir = parseTrace(values.get(TRACE).trim(), reportDir);
        this.traceAnalysis = parseOnOff(TRACE_ANALYSIS, values.get(TRACE_ANALYSIS));
        this.traceAnalysisMaxEvents = parseNumber(TRACE_ANALYSIS_MAX, values.get(TRACE_ANALYSIS_MAX), 1, Long.MAX_VALUE);
        this.traceMaxBytes = ByteSize.parse(values.get(TRACE_MAX));
        if (traceMaxBytes < MIN_TRACE_BYTES) {
            throw invalid(TRACE_MAX, values.get(TRACE_MAX));
        }
        String force = values.get(FORCE_MATCHES).trim();
        if (force.isEmpty()) {
            throw invalid(FORCE_MATCHES, force);
        }
        this.forceMatches = force.equalsIgnoreCase("off") ? null : Path.of(force);
        this.syncSends = parseOnOff(SYNC_SENDS, values.get(SYNC_SENDS));
    }

    private static Path parseTrace(String value, Path reportDir) throws OptionsException {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "" -> throw invalid(TRACE, value);
            case "off" -> null;
            case "on" -> reportDir;
            default -> Path.of(value);
        };
    }

    private static boolean parseOnOff(String key, String value) throws OptionsException {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw invalid(key, value);
        };
    }

    /** Options from all three sources, as the agent sees them at start. */
    public static Options fromEnvironment(String agentArgs) throws OptionsException {
        return parse(agentArgs, System.getenv(ENV_VARIABLE), System.getProperties());
    }

    public static Options defaults() {
        try {
            return parse(null, null, new Properties());
        } catch (OptionsException e) {
            throw new IllegalStateException("the defaults themselves are invalid", e);
        }
    }

    public static Options parse(String agentArgs, String envValue, Properties properties)
            throws OptionsException {
        Map<String, String> values = new LinkedHashMap<>(DEFAULTS);
        putAll(values, agentArgs, "the -javaagent argument");
        putAll(values, envValue, ENV_VARIABLE);
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(PROPERTY_PREFIX)) {
                put(values, name.substring(PROPERTY_PREFIX.length()), properties.getProperty(name),
                        "system property " + name);
            }
        }
        return new Options(values);
    }

    private static void putAll(Map<String, String> values, String spec, String source)
            throws OptionsException {
        if (spec == null || spec.isBlank()) {
            return;
        }
        for (String pair : spec.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new OptionsException("MPIGuard: option '" + pair.trim() + "' in " + source
                        + " has no value; write key=value. Valid keys: " + String.join(", ", DEFAULTS.keySet()));
            }
            put(values, pair.substring(0, eq).trim(), pair.substring(eq + 1).trim(), source);
        }
    }

    private static void put(Map<String, String> values, String key, String value, String source)
            throws OptionsException {
        if (!DEFAULTS.containsKey(key)) {
            throw new OptionsException("MPIGuard: unknown option '" + key + "' in " + source
                    + ". Valid keys: " + String.join(", ", DEFAULTS.keySet()));
        }
        values.put(key, value);
    }

    private static void define(String key, String defaultValue, String valid) {
        DEFAULTS.put(key, defaultValue);
        VALID.put(key, valid);
    }

    private static OptionsException invalid(String key, String value) {
        return new OptionsException("MPIGuard: invalid value '" + value + "' for option '" + key
                + "'. Valid: " + VALID.get(key));
    }

    private static Set<CheckFamily> parseChecks(String value) throws OptionsException {
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals("all")) {
            return EnumSet.allOf(CheckFamily.class);
        }
        if (v.equals("none")) {
            return EnumSet.noneOf(CheckFamily.class);
        }
        EnumSet<CheckFamily> families = EnumSet.noneOf(CheckFamily.class);
        for (String name : v.split(":")) {
            CheckFamily match = null;
            for (CheckFamily family : CheckFamily.values()) {
                if (family.key().equals(name.trim())) {
                    match = family;
                }
            }
            if (match == null) {
                throw invalid(CHECKS, value);
            }
            families.add(match);
        }
        return families;
    }

    /** A duration as the options write them ({@code 500ms}, {@code 2s}, {@code 1m}) in milliseconds. */
    public static long parseDuration(String key, String value, long minimumMillis) throws OptionsException {
        String v = value.trim().toLowerCase(Locale.ROOT);
        long unit;
        String number;
        if (v.endsWith("ms")) {
            unit = 1;
            number = v.substring(0, v.length() - 2);
        } else if (v.endsWith("s")) {
            unit = 1000;
            number = v.substring(0, v.length() - 1);
        } else if (v.endsWith("m")) {
            unit = 60_000;
            number = v.substring(0, v.length() - 1);
        } else {
            throw invalid(key, value);
        }
        try {
            long millis = Math.multiplyExact(Long.parseLong(number.trim()), unit);
            if (millis < minimumMillis) {
                throw invalid(key, value);
            }
            return millis;
        } catch (NumberFormatException | ArithmeticException e) {
            throw invalid(key, value);
        }
    }

    private static OnError parseOnError(String value) throws OptionsException {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "abort" -> OnError.ABORT;
            case "continue" -> OnError.CONTINUE;
            default -> throw invalid(ON_ERROR, value);
        };
    }

    private static boolean parseBindingHazards(String value) throws OptionsException {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "report" -> false;
            case "standard" -> true;
            default -> throw invalid(BINDING_HAZARDS, value);
        };
    }

    /** A whole number from {@code min} to {@code max}, else the option's error. */
    private static long parseNumber(String key, String value, long min, long max) throws OptionsException {
        try {
            long n = Long.parseLong(value.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below, as every invalid value is
        }
        throw invalid(key, value);
    }

    public ClassFilter classFilter() {
        return ClassFilter.of(include, exclude);
    }

    public boolean enabled(CheckFamily family) {
        return (checkBits & family.bit()) != 0;
    }

    public long timeoutMillis() {
        return timeoutMillis;
    }

    public long livelockTimeoutMillis() {
        return livelockTimeoutMillis;
    }

    public long stallTimeoutMillis() {
        return stallTimeoutMillis;
    }

    public OnError onError() {
        return onError;
    }

    public Path reportDir() {
        return reportDir;
    }

    /** True with {@code binding-hazards=standard}: receives keep the elements no message wrote. */
    public boolean bindingHazardsStandard() {
        return bindingHazardsStandard;
    }

    /** Frames a finding's stack keeps at most; 0 when stacks are off. */
    public int stackDepth() {
        return stackDepth;
    }

    /** The directory of the traces, or null when {@code trace=off}. */
    public Path traceDir() {
        return traceDir;
    }

    /** Whether rank 0 analyses complete traces at the end of the run. */
    public boolean traceAnalysis() {
        return traceAnalysis;
    }

    /** The most traced events rank 0 analyses at the end of the run ({@code trace-analysis-max}). */
    public long traceAnalysisMaxEvents() {
        return traceAnalysisMaxEvents;
    }

    /** The size in bytes at which a rank's trace stops growing ({@code trace-max}). */
    public long traceMaxBytes() {
        return traceMaxBytes;
    }

    /** The file of forced matches of a replay ({@code mpiguard explore}), or null when off. */
    public Path forceMatches() {
        return forceMatches;
    }

    /** Standard sends made synchronous (a replay's zero buffering). */
    public boolean syncSends() {
        return syncSends;
    }

    /** Every key with its default and what is valid, for the README and error messages. */
    public static Map<String, String> documentation() {
        Map<String, String> doc = new LinkedHashMap<>();
        DEFAULTS.forEach((key, def) -> doc.put(key, "default '" + def + "'; " + VALID.get(key)));
        return doc;
    }
}
