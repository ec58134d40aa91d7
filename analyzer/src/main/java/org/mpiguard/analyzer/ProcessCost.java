package org.mpiguard.analyzer;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What this process has cost so far, as an analysing process reports it to its coordinator:
 * its CPU, the part of it its JIT compiler threads took (each process of a spread analysis
 * compiles the analyzer anew, which is the fixed part of its cost), and its peak resident set.
 * A figure this platform cannot give is -1.
 */
final class ProcessCost {

    /** Clock ticks a second of /proc's stat times: 100 on every Linux the JDK runs on. */
    private static final long TICKS_PER_SECOND = 100;

    private ProcessCost() {
    }

    static long cpuNanos() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
    }

    /** CPU (user + system) of the JVM's compiler threads (Linux), or -1. */
    static long compilerCpuNanos() {
        long ticks = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/self/task"))) {
            for (Path task : tasks) {
                if (!Files.readString(task.resolve("comm")).contains("CompilerThre")) {
                    continue;
                }
                String stat = Files.readString(task.resolve("stat"));
                // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            }
        } catch (IOException | RuntimeException e) {
            return -1; // not Linux, or a thread ended while read: the figure is left out
        }
        return ticks * (1_000_000_000L / TICKS_PER_SECOND);
    }

    /** The process's peak resident set in kB (Linux), or -1. */
    static long peakRssKilobytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the figure is left out
        }
        return -1;
    }
}
