package org.mpiguard.cli.run;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.mpiguard.launch.ClassArchive;
import org.mpiguard.launch.OpenMpiLauncher;

/**
 * How {@code mpiguard run} starts the ranks: with the agent, and where it can, from a
 * class-data archive of the agent ({@link ClassArchive}), which cuts the fixed cost of a
 * 4-rank job by about a third of a second on two cores (docs/overhead.md, stop 50).
 *
 * <p>The archive is used for a line Open MPI launches ({@link OpenMpiLauncher}) whose java part
 * the launcher treats plainly ({@link OpenMpiJavaLine}): the ranks are then started as
 * {@code env java}, which Open MPI passes as written, with what it would have added to a
 * {@code java} command added here and the archive's jars leading the class path. Every
 * other line, and every line when the archive cannot be had, starts as
 * {@link JobLine#withAgent} writes it. One difference a program can see: Open MPI's
 * {@code MPI_INFO_ENV} says {@code command=env} instead of the main class.
 */
public final class ArchivedStart {

    private final Path cacheDir;
    private final Path workDir;
    private final PrintWriter err;

    ArchivedStart(Path cacheDir, Path workDir, PrintWriter err) {
        this.cacheDir = cacheDir;
        this.workDir = workDir;
        this.err = err;
    }

    /** For a job this command starts in its own working directory; what it says of the archive goes to {@code err}. */
    public static ArchivedStart here(PrintWriter err) {
        return new ArchivedStart(ClassArchive.cacheDir(System.getenv()), Path.of("").toAbsolutePath(), err);
    }

    /** The command that starts the job with the agent, from the archive where it can. */
    public List<String> command(JobLine line, Path agentJar, String agentOptions, Map<String, String> environment) {
        List<String> plain = line.withAgent(agentJar, agentOptions);
        if (line.throughEnvironment()) {
            return plain;
        }
        try {
            return archived(line, agentJar, agentOptions, environment, plain);
        } catch (RuntimeException e) {
            // fail open: a line this cannot take apart (a class path entry no path can be, say) starts as written
            return plain;
        }
    }

    private List<String> archived(JobLine line, Path agentJar, String agentOptions, Map<String, String> environment,
            List<String> plain) {
        Path launcher = Executables.find(line.launcher(), environment.get("PATH"));
        Path java = Executables.find(line.java(), environment.get("PATH"));
        if (launcher == null || java == null) {
            return plain;
        }
        Optional<Path> libDir = OpenMpiLauncher.libDir(launcher, cacheDir);
        if (libDir.isEmpty()) {
            return plain;
        }
        JobLine own = line.withoutMpiguardAgent();
        Optional<OpenMpiJavaLine> javaLine = OpenMpiJavaLine.of(own, workDir, libDir.get());
        if (javaLine.isEmpty()) {
            return plain;
        }
        List<Path> archived = ClassArchive.archivedClassPath(agentJar, javaLine.get().launcherClassPathEntries(environment));
        ClassArchive archives = new ClassArchive(cacheDir, err);
        Optional<Path> archive = archives.archive(java, archived);
        if (archive.isEmpty()) {
            return plain;
        }

        List<String> command = new ArrayList<>();
        command.add(line.launcher());
        command.addAll(line.launcherArgs());
        command.add("env");
        command.add(line.java());
        command.addAll(ClassArchive.rankOptions(archive.get(), agentJar, agentOptions));
        command.addAll(javaLine.get().javaArgs(archived, environment));
        return command;
    }
}
