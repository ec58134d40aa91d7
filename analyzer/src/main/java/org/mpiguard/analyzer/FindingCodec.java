package org.mpiguard.analyzer;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.mpiguard.core.report.Finding;
import org.mpiguard.core.report.FindingKind;
import org.mpiguard.core.report.RankReport;
import org.mpiguard.core.report.RelatedCall;
import org.mpiguard.core.report.Severity;
import org.mpiguard.core.report.SiteRef;

/**
 * A finding as bytes and back, whole (every field the finding format writes), for the blocks
 * of a spread analysis to send their findings to the one that merges them. The analyses'
 * findings carry no rank states; a finding that does is refused rather than cut.
 */
final class FindingCodec {

    private FindingCodec() {
    }

    static void write(DataOutputStream out, Finding f) throws IOException {
        if (!f.status().isEmpty()) {
            throw new IllegalArgumentException("a finding with rank states is not sent between blocks: " + f.kind());
        }
        out.writeInt(f.kind().ordinal());
        out.writeInt(f.severity().ordinal());
        out.writeInt(f.ranks().size());
        for (int r : f.ranks()) {
            out.writeInt(r);
        }
        string(out, f.op());
        site(out, f.site());
        out.writeInt(f.related().size());
        for (RelatedCall c : f.related()) {
            out.writeInt(c.rank());
            string(out, c.op());
            site(out, c.site());
        }
        string(out, f.message());
        string(out, f.key());
    }

    static Finding read(DataInputStream in) throws IOException {
        FindingKind kind = FindingKind.values()[in.readInt()];
        Severity severity = Severity.values()[in.readInt()];
        List<Integer> ranks = new ArrayList<>();
        for (int n = in.readInt(); n > 0; n--) {
            ranks.add(in.readInt());
        }
        String op = string(in);
        SiteRef site = site(in);
        List<RelatedCall> related = new ArrayList<>();
        for (int n = in.readInt(); n > 0; n--) {
            related.add(new RelatedCall(in.readInt(), string(in), site(in)));
        }
        String message = string(in);
        String key = string(in);
        return new Finding(kind, severity, ranks, op, site, related, message, List.<RankReport>of(), key);
    }

    /** A string of any length (or null), as its UTF-8 bytes. */
    static void string(DataOutputStream out, String s) throws IOException {
        if (s == null) {
            out.writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    static String string(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static void site(DataOutputStream out, SiteRef s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            string(out, s.className());
            string(out, s.method());
            string(out, s.file());
            out.writeInt(s.line());
        }
    }

    private static SiteRef site(DataInputStream in) throws IOException {
        return in.readBoolean() ? new SiteRef(string(in), string(in), string(in), in.readInt()) : null;
    }
}
