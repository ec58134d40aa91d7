package org.mpiguard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.mpiguard.core.index.OwnerCount;
import org.mpiguard.core.index.TrampolineEntry;

/** The packaged agent is one self-contained jar that cannot clash with the user's own libraries. */
class AgentJarTest {

    @Test
    void theJarHoldsNothingOutsideItsOwnPackageAndMetaInf() throws Exception {
        List<String> strays = new ArrayList<>();
        int shaded = 0;
        try (JarFile jar = new JarFile(MpiRun.AGENT_JAR.toFile())) {
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                String name = e.getName();
                if (!(name.startsWith("org/mpiguard/") || name.startsWith("META-INF/") || name.equals("org/"))) {
                    strays.add(name);
                }
                if (name.startsWith("org/mpiguard/shaded/bytebuddy/jar/asm/")) {
                    shaded++;
                }
            }
            assertTrue(strays.isEmpty(), "outside org/mpiguard and META-INF: " + strays);
            assertTrue(shaded > 10, "Byte Buddy's ASM is relocated into the jar");
            assertTrue(jar.getEntry("META-INF/mpiguard/trampolines.idx") != null);
            // the index by owner the agent reads at start-up: the list, and each owner's lines
            String owners = new String(jar.getInputStream(jar.getEntry(TrampolineEntry.OWNERS_RESOURCE)).readAllBytes(),
                    java.nio.charset.StandardCharsets.UTF_8);
            int listed = 0;
            for (String line : owners.split("\n")) {
                OwnerCount owner = OwnerCount.parse(line);
                assertTrue(owner != null, "owners line: " + line);
                assertTrue(jar.getEntry(TrampolineEntry.ownerResource(owner.owner())) != null, owner.owner());
                listed++;
            }
            assertTrue(listed > 30, "the binding classes and java.nio's buffers: " + owners);
            assertTrue(owners.contains("java/nio/DoubleBuffer ") && owners.contains("mpi/Comm "), owners);
            assertTrue(jar.getEntry("org/mpiguard/advice/gen/CommCalls.class") != null);
        }
    }

    @Test
    void theManifestNamesTheAgentEntryPoints() throws Exception {
        try (JarFile jar = new JarFile(MpiRun.AGENT_JAR.toFile())) {
            Attributes a = jar.getManifest().getMainAttributes();
            assertEquals("org.mpiguard.agent.MpiGuardAgent", a.getValue("Premain-Class"));
            assertEquals("org.mpiguard.agent.MpiGuardAgent", a.getValue("Agent-Class"));
            assertEquals("true", a.getValue("Can-Retransform-Classes"));
        }
    }
}
