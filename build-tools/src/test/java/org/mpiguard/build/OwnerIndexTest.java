package org.mpiguard.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.DoubleBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mpiguard.core.index.OwnerCount;
import org.mpiguard.core.index.TrampolineEntry;

/** The index split by owner holds every line of the whole one in its owner's file, and the buffer watch's lines. */
class OwnerIndexTest {

    /** Trampolines as the buffer watch's are written: receiver first, the site last. */
    @SuppressWarnings("unused")
    static final class SampleAccess {
        public static double DoubleBuffer$get(DoubleBuffer b, int index, int site) {
            return 0;
        }

        public static ByteBuffer ByteBuffer$putInt(ByteBuffer b, int index, int value, int site) {
            return b;
        }

        public static int notATrampoline(int site) {
            return site;
        }

        static double DoubleBuffer$get(DoubleBuffer b, int site) {
            return 0;
        }
    }

    @Test
    void theBufferWatchsLinesNameTheCallAndItsTrampolineAndMappedBuffersReachByteBuffers() {
        List<String> lines = new ArrayList<>();
        for (TrampolineEntry e : NioEntries.of(SampleAccess.class)) {
            lines.add(e.format());
        }
        lines.sort(null);
        String owner = SampleAccess.class.getName().replace('.', '/');
        assertEquals(List.of(
                "java/nio/ByteBuffer putInt (II)Ljava/nio/ByteBuffer; V " + owner
                        + " ByteBuffer$putInt (Ljava/nio/ByteBuffer;III)Ljava/nio/ByteBuffer; ByteBuffer.putInt",
                "java/nio/DoubleBuffer get (I)D V " + owner + " DoubleBuffer$get (Ljava/nio/DoubleBuffer;II)D DoubleBuffer.get",
                "java/nio/MappedByteBuffer putInt (II)Ljava/nio/ByteBuffer; V " + owner
                        + " ByteBuffer$putInt (Ljava/nio/ByteBuffer;III)Ljava/nio/ByteBuffer; ByteBuffer.putInt"),
                lines);
    }

    @Test
    void everyLineLandsInItsOwnersFileAndTheListCountsMethodsAndConstructors(@TempDir Path dir) throws Exception {
        List<TrampolineEntry> bindings = List.of(
                new TrampolineEntry("mpi/Comm", "barrier", "()V", TrampolineEntry.VIRTUAL, "g/CommCalls", "barrier",
                        "(Lmpi/Comm;I)V", "Comm.barrier"),
                new TrampolineEntry("mpi/CommX", "barrier", "()V", TrampolineEntry.VIRTUAL, "g/CommXCalls", "barrier",
                        "(Lmpi/CommX;I)V", "Comm.barrier"),
                new TrampolineEntry("mpi/Info", "<init>", "()V", TrampolineEntry.CONSTRUCTOR, "g/InfoCalls", "new$",
                        "(Lmpi/Info;I)V", "Info.<init>"),
                new TrampolineEntry("mpi/Info", "free", "()V", TrampolineEntry.VIRTUAL, "g/InfoCalls", "free",
                        "(Lmpi/Info;I)V", "Info.free"));
        OwnerIndex.write(dir, bindings, NioEntries.of(SampleAccess.class));
        List<String> owners = Files.readAllLines(dir.resolve(TrampolineEntry.OWNERS_RESOURCE), StandardCharsets.UTF_8);
        assertEquals(List.of("java/nio/ByteBuffer 1 0", "java/nio/DoubleBuffer 1 0", "java/nio/MappedByteBuffer 1 0",
                "mpi/Comm 1 0", "mpi/CommX 1 0", "mpi/Info 1 1"), owners);
        for (String line : owners) {
            OwnerCount c = OwnerCount.parse(line);
            List<String> own = Files.readAllLines(dir.resolve(TrampolineEntry.ownerResource(c.owner())));
            assertEquals(c.methods() + c.constructors(), own.size(), line);
            for (String l : own) {
                assertEquals(c.owner(), TrampolineEntry.parse(l).owner(), l);
            }
        }
        assertTrue(Files.readString(dir.resolve(TrampolineEntry.ownerResource("mpi/Comm"))).startsWith("mpi/Comm barrier"));
    }
}
