package org.mpiguard.core.collective;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Binary form of a batch of collective calls travelling to the left neighbour. Sites
 * repeat (a loop calls the same line), so each batch names each site once and the calls
 * refer to it by index.
 */
public final class CollectiveCodec {

    private CollectiveCodec() {
    }

    public static byte[] encode(List<CollectiveCall> calls) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 48 * calls.size());
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            List<CollectiveCall> sites = new ArrayList<>();
            int[] siteIndex = new int[calls.size()];
            for (int i = 0; i < calls.size(); i++) {
                CollectiveCall c = calls.get(i);
                int found = -1;
                for (int s = sites.size() - 1; s >= 0 && found < 0; s--) {
                    if (sameSite(sites.get(s), c)) {
                        found = s;
                    }
                }
                if (found < 0) {
                    found = sites.size();
                    sites.add(c);
                }
                siteIndex[i] = found;
            }
            out.writeInt(sites.size());
            for (CollectiveCall s : sites) {
                out.writeUTF(s.op());
                out.writeUTF(s.className());
                out.writeUTF(s.method());
                out.writeUTF(s.file() == null ? "" : s.file());
                out.writeInt(s.line());
            }
            out.writeInt(calls.size());
            for (int i = 0; i < calls.size(); i++) {
                CollectiveCall c = calls.get(i);
                out.writeLong(c.commId());
                out.writeLong(c.seq());
                out.writeByte(c.kind().ordinal());
                out.writeBoolean(c.nonblocking());
                out.writeInt(c.root());
                out.writeInt(c.reduceOp());
                out.writeInt(c.count());
                out.writeInt(c.typeCode());
                out.writeInt(c.typeSize());
                out.writeInt(c.rank());
                out.writeInt(siteIndex[i]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static List<CollectiveCall> decode(byte[] data, int length) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(data, 0, length));
        int siteCount = in.readInt();
        String[][] sites = new String[siteCount][];
        int[] lines = new int[siteCount];
        for (int s = 0; s < siteCount; s++) {
            sites[s] = new String[] {in.readUTF(), in.readUTF(), in.readUTF(), in.readUTF()};
            lines[s] = in.readInt();
        }
        int count = in.readInt();
        CollectiveKind[] kinds = CollectiveKind.values();
        List<CollectiveCall> calls = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long commId = in.readLong();
            long seq = in.readLong();
            CollectiveKind kind = kinds[in.readByte()];
            boolean nonblocking = in.readBoolean();
            int root = in.readInt();
            int reduceOp = in.readInt();
            int n = in.readInt();
            int typeCode = in.readInt();
            int typeSize = in.readInt();
            int rank = in.readInt();
            int s = in.readInt();
            String file = sites[s][3];
            calls.add(new CollectiveCall(commId, seq, kind, nonblocking, root, reduceOp, n, typeCode, typeSize, rank,
                    sites[s][0], sites[s][1], sites[s][2], file.isEmpty() ? null : file, lines[s]));
        }
        return calls;
    }

    private static boolean sameSite(CollectiveCall a, CollectiveCall b) {
        return a.line() == b.line() && a.op().equals(b.op()) && a.className().equals(b.className())
                && a.method().equals(b.method()) && String.valueOf(a.file()).equals(String.valueOf(b.file()));
    }
}
