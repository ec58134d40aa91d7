package org.mpiguard.cli.run;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;

/**
 * Where the agent jar is: {@code lib/} of the installation ({@code mpiguard.home}, set by
 * {@code bin/mpiguard}), else beside the jar this command runs from.
 */
public final class AgentJar {

    static final String FILE_NAME = "mpiguard-agent.jar";

    private AgentJar() {
    }

    public static Path locate(Path given) {
        Path jar = given != null ? given : defaultLocation();
        if (jar == null || !Files.isRegularFile(jar)) {
            throw new CliException("the agent jar " + (jar == null ? FILE_NAME : jar) + " was not found;"
                    + " give it with --agent-jar or run mpiguard from its installation (bin/mpiguard)",
                    CommandExitCodes.NOT_FOUND);
        }
        return jar.toAbsolutePath().normalize();
    }

    private static Path defaultLocation() {
        String home = System.getProperty("mpiguard.home");
        if (home != null) {
            return Path.of(home, "lib", FILE_NAME);
        }
        try {
            Path self = Path.of(AgentJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return self.getParent() == null ? null : self.getParent().resolve(FILE_NAME);
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }
}
