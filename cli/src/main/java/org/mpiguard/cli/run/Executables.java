package org.mpiguard.cli.run;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;

/** Finds the programs a job needs before starting it, so a missing one is said plainly. */
public final class Executables {

    private Executables() {
    }

    public static void require(String command, String hint) {
        if (find(command, System.getenv("PATH")) == null) {
            throw new CliException("'" + command + "' was not found" + (command.contains("/") ? "" : " on PATH")
                    + "; " + hint, CommandExitCodes.NOT_FOUND);
        }
    }

    /** The launcher (or job script) of a job, and its java when the line names it. */
    public static void requireJob(JobLine line) {
        require(line.launcher(), line.throughEnvironment() ? "give the job script's path"
                : "install Open MPI (bash scripts/setup.sh) or the launcher, or give its full path");
        if (!line.throughEnvironment()) {
            require(line.java(), "install a JDK 17 or later, or give java's full path");
        }
    }

    static Path find(String command, String path) {
        if (command.contains("/")) {
            Path p = Path.of(command);
            return Files.isExecutable(p) && !Files.isDirectory(p) ? p : null;
        }
        for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, command);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return p;
            }
        }
        return null;
    }
}
