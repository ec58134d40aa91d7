package org.mpiguard.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What a job that ran out of time was doing, asked before it is killed: the machine's load and
 * busiest processes, the processes under mpirun, and every rank JVM's threads. A timeout that only says "timed out" cannot be told
 * apart from a slow machine, a launcher that never started the ranks, or a watchdog stuck in
 * the checker; this tells which.
 *
 * <p>The threads come from SIGQUIT: each JVM prints them on its own stdout, which mpirun
 * forwards into the job's stdout. Not jcmd: its attach fails here with "No such process".
 */
final class HangDump {

    /** Time for the JVMs to print their threads and mpirun to forward them. */
    private static final long PRINT_MILLIS = 2000;

    private HangDump() {
    }

    /** Lists the job's processes and makes its JVMs print their threads; returns the list. */
    static String of(Process job) {
        StringBuilder out = new StringBuilder();
        try {
            out.append("load average: ").append(Files.readString(Path.of("/proc/loadavg")).trim()).append('\n');
            out.append(busiest());
            List<ProcessHandle> all = job.descendants().toList();
            out.append("processes under mpirun: ").append(all.size())
                    .append(" (each JVM's threads are in the job's stdout)\n");
            boolean signalled = false;
            for (ProcessHandle p : all) {
                String command = p.info().commandLine().orElse(p.info().command().orElse("?"));
                out.append("pid ").append(p.pid()).append(": ").append(abbreviated(command, 200)).append('\n');
                if (p.info().command().orElse("").endsWith("/java")) {
                    signalled |= quit(p.pid());
                }
            }
            if (signalled) {
                Thread.sleep(PRINT_MILLIS);
            }
        } catch (RuntimeException | IOException e) {
            out.append("(no dump: ").append(e).append(")\n");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return out.toString();
    }

    /** The machine's busiest processes: a job starved by others looks like a hang. */
    private static String busiest() throws IOException, InterruptedException {
        Process ps = new ProcessBuilder("ps", "-eo", "pid,pcpu,etime,args", "--sort=-pcpu").redirectErrorStream(true)
                .start();
        String text = new String(ps.getInputStream().readNBytes(1 << 16), java.nio.charset.StandardCharsets.UTF_8);
        ps.waitFor(5, TimeUnit.SECONDS);
        StringBuilder top = new StringBuilder("busiest processes:\n");
        String[] lines = text.split("\n");
        for (int i = 0; i < Math.min(lines.length, 9); i++) {
            top.append("  ").append(abbreviated(lines[i], 160)).append('\n');
        }
        return top.toString();
    }

    private static boolean quit(long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-QUIT", String.valueOf(pid)).start();
        return kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0;
    }

    private static String abbreviated(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max) + "...";
    }
}
