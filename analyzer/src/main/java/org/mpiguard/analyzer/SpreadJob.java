package org.mpiguard.analyzer;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * {@code mpiguard analyze --np N}: the analysis spread over N processes, of this machine or of a
 * launcher's job ({@link SpreadWorkers}), each replaying a block of ranks ({@link SpreadWorker}),
 * this one coordinating them ({@link SpreadReplay}) and merging their findings. The workers
 * reach it on a socket (the loopback, unless a launcher places them) that listens only until
 * all of them are in and accepts only those that show the secret drawn for this analysis
 * (passed in their environment). A worker that fails or
 * goes away fails the spread analysis, with the reason; the caller decides what then.
 */
final class SpreadJob {

    /** How long workers have to start and connect. */
    private static final int ACCEPT_MILLIS = 120_000;
    /** How long one reply may take: a block that takes longer has hung, and the analysis fails rather than wait. */
    private static final int REPLY_MILLIS = 600_000;
    /** The largest frame either side accepts: more is a protocol error, never an allocation. */
    private static final int MAX_FRAME = 1 << 30;

    /**
     * The result, what each analysing process cost (CPU seconds, of them compiling, and peak RSS
     * in MB, -1 where unknown), and the coordinator's rounds and the requests it left out.
     */
    record Outcome(StreamingAnalysis.Streamed streamed, double[] cpuSeconds, double[] compileSeconds, long[] peakRssMb,
                   long rounds, long skipped) {
    }

    /**
     * How the workers' JIT compiles the analysis. Each process compiles the analyzer anew, and
     * with the JIT's defaults that cost a process of a 16-way spread of the 100-million-event set
     * 3.0-3.7 s of its 8-9 s of CPU: the replay's loop and the three methods under it each
     * inlined the same 7 kB of code (2 on-stack compilations and one whole one of the loop alone).
     * Kept as calls, and with C2 inlining only smaller methods, the JIT takes about 1.2 s and the
     * replay itself stays as fast (docs/scale.md). Unknown options are ignored, so a JDK that
     * drops one still starts the workers.
     */
    static final List<String> WORKER_JIT = List.of(
            "-XX:+IgnoreUnrecognizedVMOptions",
            "-XX:CompileCommand=quiet",
            "-XX:CompileCommand=dontinline,org.mpiguard.analyzer.StreamReplay::step",
            "-XX:CompileCommand=dontinline,org.mpiguard.analyzer.ReplayBlock::visited",
            "-XX:CompileCommand=dontinline,org.mpiguard.analyzer.RankFeed::accept",
            "-XX:FreqInlineSize=120",
            "-XX:InlineSmallCode=800");

    /** The class the workers run: a test puts one that fails in its place. */
    static volatile String workerClass = SpreadWorker.class.getName();

    private SpreadJob() {
    }

    static Outcome analyse(Path dir, int processes) throws IOException {
        return analyse(dir, processes, List.of());
    }

    /**
     * The same, the processes started as one job of {@code launcher} when it is not empty
     * ({@link SpreadWorkers}); the socket then listens on every interface of this machine, still
     * only until every worker is in and only for those that show the secret.
     */
    static Outcome analyse(Path dir, int processes, List<String> launcher) throws IOException {
        long start = System.nanoTime();
        List<String> notes = new ArrayList<>();
        TraceSet traces = StreamingAnalysis.openTraces(dir, notes, new ArrayList<>(), 0, 0);
        int[] bounds = SpreadReplay.bounds(traces.worldSize(), processes);
        int count = bounds.length - 1;
        byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        String key = HexFormat.of().formatHex(secret);
        SpreadWorkers workers = null;
        Socket[] sockets = new Socket[count];
        InetAddress listen = launcher.isEmpty() ? InetAddress.getLoopbackAddress() : null;
        try (ServerSocket server = new ServerSocket(0, count, listen)) {
            // a second at a time, to notice a worker that ended before it connected
            server.setSoTimeout(1000);
            workers = SpreadWorkers.start(dir, bounds, server.getLocalPort(), key, launcher);
            long deadline = System.nanoTime() + ACCEPT_MILLIS * 1_000_000L;
            for (int in = 0; in < count; ) {
                Socket s;
                try {
                    s = server.accept();
                } catch (SocketTimeoutException e) {
                    workers.failIfEnded(b -> sockets[b] != null);
                    if (System.nanoTime() > deadline) {
                        throw new IOException("the analysing processes did not all start within "
                                + ACCEPT_MILLIS / 1000 + " s");
                    }
                    continue;
                }
                int block = admit(s, key, count);
                if (block < 0 || sockets[block] != null) {
                    s.close();
                    continue;
                }
                sockets[block] = s;
                in++;
            }
        } catch (IOException e) {
            close(sockets, workers);
            throw e;
        }
        try {
            BlockLink[] links = new BlockLink[count];
            List<DataInputStream> ins = new ArrayList<>();
            for (int b = 0; b < count; b++) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(sockets[b].getInputStream()));
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(sockets[b].getOutputStream()));
                ins.add(in);
                links[b] = new BlockLink() {
                    @Override
                    public void send(byte[] request) throws IOException {
                        write(out, request);
                    }

                    @Override
                    public byte[] receive() throws IOException {
                        return read(in);
                    }
                };
            }
            SpreadReplay spread = new SpreadReplay(links, SpreadReplay.owners(bounds));
            List<byte[]> results = spread.run();
            double[] cpu = new double[count];
            double[] compiling = new double[count];
            long[] rss = new long[count];
            for (int b = 0; b < count; b++) {
                long nanos = ins.get(b).readLong();
                long compileNanos = ins.get(b).readLong();
                long kb = ins.get(b).readLong();
                cpu[b] = nanos < 0 ? -1 : nanos / 1e9;
                compiling[b] = compileNanos < 0 ? -1 : compileNanos / 1e9;
                rss[b] = kb < 0 ? -1 : kb / 1024;
            }
            Analysis.Result result = SpreadResults.merge(results, notes, spread.forced(),
                    (System.nanoTime() - start) / 1_000_000);
            workers.awaitEnd();
            return new Outcome(new StreamingAnalysis.Streamed(traces, result), cpu, compiling, rss, spread.rounds(),
                    spread.skipped());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the analysing processes ended");
        } finally {
            close(sockets, workers);
        }
    }

    /** The block a connecting worker is, when it shows the secret; -1 otherwise. */
    private static int admit(Socket s, String key, int count) {
        try {
            s.setSoTimeout(10_000);
            s.setTcpNoDelay(true);
            // unbuffered: nothing past the greeting may be taken from the stream here
            DataInputStream in = new DataInputStream(s.getInputStream());
            byte[] shown = in.readUTF().getBytes(StandardCharsets.UTF_8);
            int block = in.readInt();
            s.setSoTimeout(REPLY_MILLIS);
            boolean ok = MessageDigest.isEqual(shown, key.getBytes(StandardCharsets.UTF_8));
            return ok && block >= 0 && block < count ? block : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    private static void close(Socket[] sockets, SpreadWorkers workers) {
        for (Socket s : sockets) {
            try {
                if (s != null) {
                    s.close();
                }
            } catch (IOException e) {
                // closing on the way out: nothing more to do
            }
        }
        if (workers != null) {
            workers.destroy();
        }
    }

    static void write(DataOutputStream out, byte[] frame) throws IOException {
        out.writeInt(frame.length);
        out.write(frame);
        out.flush();
    }

    static byte[] read(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_FRAME) {
            throw new IOException("a frame of " + n + " bytes: not an analysing process of this job");
        }
        byte[] frame = new byte[n];
        in.readFully(frame);
        return frame;
    }
}
