package org.mpiguard.agent;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Reads the agent's own resources straight from its jar. The class loader's way (a URL
 * per resource, searched through the program's class path first, opened as a jar URL
 * connection) cost some half a millisecond a resource at start-up, in the interpreter,
 * for each binding class a program calls (measured, issue 23). Outside a jar (the
 * modules' tests, run from their class directories) the class loader serves them; from a
 * jar, a name the jar lacks is absent (never another copy on the program's class path).
 */
final class AgentJarResources {

    private static ZipFile jar;
    private static boolean looked;

    private AgentJarResources() {
    }

    /** The bytes of {@code name}, or null if there is no such resource. */
    static synchronized byte[] read(String name) throws IOException {
        ZipFile zip = jar();
        if (zip != null) {
            ZipEntry entry = zip.getEntry(name);
            if (entry != null) {
                try (InputStream in = zip.getInputStream(entry)) {
                    return in.readAllBytes();
                }
            }
            return null;
        }
        try (InputStream in = AgentJarResources.class.getClassLoader().getResourceAsStream(name)) {
            return in == null ? null : in.readAllBytes();
        }
    }

    private static ZipFile jar() {
        if (!looked) {
            looked = true;
            try {
                URL where = AgentJarResources.class.getProtectionDomain().getCodeSource().getLocation();
                if ("file".equals(where.getProtocol()) && where.getPath().endsWith(".jar")) {
                    jar = new ZipFile(new File(where.toURI()));
                }
            } catch (IOException | RuntimeException | java.net.URISyntaxException e) {
                jar = null; // the class loader serves them
            }
        }
        return jar;
    }
}
