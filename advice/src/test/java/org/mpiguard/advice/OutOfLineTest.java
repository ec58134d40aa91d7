package org.mpiguard.advice;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mpiguard.advice.buffers.BufferWatch;

/**
 * Slow paths that must stay out of the program's compiled loops. C2 inlines a hot callee
 * of up to FreqInlineSize (325) bytes of bytecode (JDK 17 to 25, x86-64 and aarch64); a
 * slow path just under it was copied into every call site of a kernel's loop and made one
 * compilation take seconds (docs/overhead.md). The JVM offers user code no portable
 * "do not inline", so these methods are held above the limit here.
 */
class OutOfLineTest {

    private static final int FREQ_INLINE_SIZE = 325;

    @Test
    void theBufferWatchsJudgementIsTooLargeToInline() throws IOException {
        int length = codeLengths(BufferWatch.class).getOrDefault("judge", -1);
        assertTrue(length > FREQ_INLINE_SIZE, "BufferWatch.judge has " + length
                + " bytes of bytecode: it must stay above " + FREQ_INLINE_SIZE + " so C2 never inlines it");
    }

    /** Each method's bytecode length by name (the largest of overloads), read from the class file. */
    static Map<String, Integer> codeLengths(Class<?> type) throws IOException {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        try (InputStream raw = type.getResourceAsStream(resource);
             DataInputStream in = new DataInputStream(raw)) {
            in.readInt();
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.readInt();
                    case 5, 6 -> {
                        in.readLong();
                        i++;
                    }
                    case 7, 8, 16, 19, 20 -> in.readUnsignedShort();
                    case 15 -> {
                        in.readUnsignedByte();
                        in.readUnsignedShort();
                    }
                    default -> throw new IOException("unknown constant tag " + tag);
                }
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            in.readUnsignedShort();
            skip(in, in.readUnsignedShort() * 2);
            skipMembers(in, null, null);
            Map<String, Integer> lengths = new HashMap<>();
            skipMembers(in, utf8, lengths);
            return lengths;
        }
    }

    /** Fields (lengths null) or methods: their attributes, noting each method's Code length. */
    private static void skipMembers(DataInputStream in, String[] utf8, Map<String, Integer> lengths)
            throws IOException {
        int members = in.readUnsignedShort();
        for (int m = 0; m < members; m++) {
            in.readUnsignedShort();
            int name = in.readUnsignedShort();
            in.readUnsignedShort();
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                int attributeName = in.readUnsignedShort();
                int length = in.readInt();
                if (lengths != null && "Code".equals(utf8[attributeName])) {
                    in.readUnsignedShort();
                    in.readUnsignedShort();
                    int code = in.readInt();
                    lengths.merge(utf8[name], code, Math::max);
                    skip(in, length - 8);
                } else {
                    skip(in, length);
                }
            }
        }
    }

    private static void skip(DataInputStream in, int bytes) throws IOException {
        in.readNBytes(bytes);
    }
}
