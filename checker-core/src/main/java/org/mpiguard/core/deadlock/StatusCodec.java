package org.mpiguard.core.deadlock;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.activity.WaitKind;

/**
 * Binary form of a {@link RankStatus} for the checker's own messages between ranks. The
 * ranks a thread waits for travel as runs ({@link RankRuns}): a collective on COMM_WORLD is
 * some 20 bytes whatever the job's size.
 */
public final class StatusCodec {

    private StatusCodec() {
    }

    public static byte[] encode(RankStatus status) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(status.rank());
            out.writeByte(status.state().ordinal());
            out.writeLong(status.progress());
            out.writeShort(status.threads().size());
            for (ThreadStatus t : status.threads()) {
                out.writeUTF(t.thread());
                out.writeByte(t.kind().ordinal());
                out.writeUTF(t.op());
                out.writeUTF(t.className());
                out.writeUTF(t.method());
                out.writeUTF(t.file() == null ? "" : t.file());
                out.writeInt(t.line());
                RankRuns waitsFor = t.waitsFor();
                out.writeInt(waitsFor.runs());
                for (int run = 0; run < waitsFor.runs(); run++) {
                    out.writeInt(waitsFor.start(run));
                    out.writeInt(waitsFor.length(run));
                }
                out.writeBoolean(t.anyOf());
                out.writeUTF(t.commKey());
                out.writeUTF(t.detail());
                out.writeBoolean(t.polling());
                Envelopes e = t.envelopes();
                out.writeInt(e.dest());
                out.writeInt(e.sendTag());
                out.writeInt(e.source());
                out.writeInt(e.recvTag());
                out.writeUTF(e.comm());
                out.writeLong(t.cpuNanos());
                out.writeShort(t.stack().size());
                for (String frame : t.stack()) {
                    out.writeUTF(frame);
                }
                WildcardTake w = t.earlier();
                out.writeBoolean(w != null);
                if (w != null) {
                    out.writeUTF(w.op());
                    out.writeUTF(w.className());
                    out.writeUTF(w.method());
                    out.writeUTF(w.file() == null ? "" : w.file());
                    out.writeInt(w.line());
                    out.writeInt(w.from());
                    out.writeInt(w.tag());
                }
            }
            out.writeShort(status.heldLocks().size());
            for (String lock : status.heldLocks()) {
                out.writeUTF(lock);
            }
            out.writeShort(status.collectivesEntered().size());
            for (var e : status.collectivesEntered().entrySet()) {
                out.writeUTF(e.getKey());
                out.writeLong(e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static RankStatus decode(byte[] data, int length) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data, 0, length));
        int rank = in.readInt();
        RankState state = RankState.values()[in.readByte()];
        long progress = in.readLong();
        int count = in.readShort();
        List<ThreadStatus> threads = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String thread = in.readUTF();
            WaitKind kind = WaitKind.values()[in.readByte()];
            String op = in.readUTF();
            String className = in.readUTF();
            String method = in.readUTF();
            String file = in.readUTF();
            int line = in.readInt();
            int runs = in.readInt();
            if (runs < 0 || runs > length / 8) {
                throw new IOException("corrupt status: " + runs + " runs of ranks");
            }
            int[] starts = new int[runs];
            int[] lengths = new int[runs];
            for (int j = 0; j < runs; j++) {
                starts[j] = in.readInt();
                lengths[j] = in.readInt();
            }
            RankRuns waitsFor;
            try {
                waitsFor = RankRuns.ofRuns(starts, lengths);
            } catch (IllegalArgumentException e) {
                throw new IOException("corrupt status: " + e.getMessage(), e);
            }
            boolean anyOf = in.readBoolean();
            String commKey = in.readUTF();
            String detail = in.readUTF();
            boolean polling = in.readBoolean();
            Envelopes envelopes = new Envelopes(in.readInt(), in.readInt(), in.readInt(), in.readInt(), in.readUTF());
            long cpu = in.readLong();
            List<String> stack = new ArrayList<>();
            for (int frames = in.readShort(), j = 0; j < frames; j++) {
                stack.add(in.readUTF());
            }
            WildcardTake earlier = null;
            if (in.readBoolean()) {
                String takeOp = in.readUTF();
                String takeClass = in.readUTF();
                String takeMethod = in.readUTF();
                String takeFile = in.readUTF();
                earlier = new WildcardTake(takeOp, takeClass, takeMethod, takeFile.isEmpty() ? null : takeFile,
                        in.readInt(), in.readInt(), in.readInt());
            }
            threads.add(new ThreadStatus(thread, kind, op, className, method, file.isEmpty() ? null : file,
                    line, waitsFor, anyOf, commKey, detail, polling, envelopes, cpu, stack, earlier));
        }
        int locks = in.readShort();
        List<String> held = new ArrayList<>(locks);
        for (int i = 0; i < locks; i++) {
            held.add(in.readUTF());
        }
        int counted = in.readShort();
        java.util.Map<String, Long> entered = new java.util.HashMap<>();
        for (int i = 0; i < counted; i++) {
            entered.put(in.readUTF(), in.readLong());
        }
        return new RankStatus(rank, state, progress, threads, held, entered);
    }
}
