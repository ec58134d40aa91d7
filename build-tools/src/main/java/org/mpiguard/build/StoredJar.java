package org.mpiguard.build;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites a jar with every entry stored rather than deflated, in the same order. Every rank's
 * JVM loads some 250 of the agent jar's classes at start-up; inflating them was a tenth of what
 * loading them cost the program's thread, some 40 ms of CPU a JVM, 50-70 ms of a 4-rank job on two
 * cores (docs/overhead.md, stop 57). The jar grows from 1.3 to 3.2 MB; the distribution's archive
 * compresses it again.
 *
 * <p>{@code StoredJar JAR}: the jar is replaced when the stored copy is whole.
 */
public final class StoredJar {

    private StoredJar() {
    }

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Path stored = jar.resolveSibling(jar.getFileName() + ".stored");
        try (ZipFile in = new ZipFile(jar.toFile());
             ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(stored))) {
            out.setMethod(ZipOutputStream.STORED);
            for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements(); ) {
                ZipEntry from = entries.nextElement();
                byte[] bytes;
                try (InputStream data = in.getInputStream(from)) {
                    bytes = data.readAllBytes();
                }
                out.putNextEntry(storedEntry(from, bytes));
                out.write(bytes);
                out.closeEntry();
            }
        }
        Files.move(stored, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** {@code from}'s name and time, stored: a stored entry names its size and CRC before its bytes. */
    private static ZipEntry storedEntry(ZipEntry from, byte[] bytes) {
        ZipEntry to = new ZipEntry(from.getName());
        to.setMethod(ZipEntry.STORED);
        to.setTime(from.getTime());
        to.setSize(bytes.length);
        to.setCompressedSize(bytes.length);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        to.setCrc(crc.getValue());
        return to;
    }
}
