package org.mpiguard.cli.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Merges every rank's findings-rank<N>.jsonl of DIR into mpiguard-report.json with a summary,"
                + " and writes mpiguard-report.html (self-contained), mpiguard-report.sarif (SARIF 2.1.0) and the"
                + " wait-for graphs as DOT files beside it."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {" 0:the report was written", "64:bad options", "66:DIR does not exist"})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "the report directory of a run (the agent's report option)")
    private Path dir;

    @Option(names = "--source-path", paramLabel = "PATHS",
            description = "source roots separated by ':' to show the code around each site; default: src/main/java,"
                    + " src/test/java and src/main/kotlin under the working directory and each directory in it")
    private String sourcePath;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "where to write the report (default: DIR)")
    private Path output;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new CliException("no report directory " + dir, CommandExitCodes.NO_INPUT);
        }
        ReportWriter.Written written = ReportWriter.write(dir, output == null ? dir : output,
                SourceFinder.of(Path.of("."), sourcePath), null);
        ConsoleSummary.print(written, spec.commandLine().getOut());
        return CommandExitCodes.OK;
    }
}
