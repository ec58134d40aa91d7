package org.mpiguard.cli;

import org.mpiguard.analyzer.AnalyzeCommand;
import org.mpiguard.cli.check.CheckCommand;
import org.mpiguard.cli.explore.ExploreCommand;
import org.mpiguard.cli.report.ReportCommand;
import org.mpiguard.cli.run.RunCommand;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code mpiguard} command. Its subcommands are listed in {@code subcommands} below,
 * and only there: a subcommand from another module (a picocli {@code @Command} class) is
 * added by naming its class in that list, with the module as a dependency of this one.
 */
@Command(name = "mpiguard",
        mixinStandardHelpOptions = true,
        versionProvider = Version.class,
        description = "Runtime correctness checker for Java programs on the Open MPI Java bindings.",
        subcommands = {
            RunCommand.class,
            CheckCommand.class,
            ReportCommand.class,
            AnalyzeCommand.class,
            ExploreCommand.class,
            AutoComplete.GenerateCompletion.class,
            CommandLine.HelpCommand.class,
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            " 0:the job ran and MPIGuard found no error (mpiguard run), the report was written (mpiguard report), "
                    + "the traces hold no error (mpiguard analyze)",
            " 1:mpiguard analyze: the traces show at least one error; mpiguard explore: a race is confirmed",
            "86:mpiguard run, check: MPIGuard found at least one error (also the agent's abort code); "
                    + "--keep-exit-status gives the program's status instead",
            "64:bad options of mpiguard or of the agent",
            "65:mpiguard explore: the observed schedule could not be replayed",
            "66:mpiguard report: the findings directory does not exist; mpiguard analyze, explore: no readable trace",
            "70:an internal fault of mpiguard",
            "127:mpirun or java was not found",
            "other:mpiguard run: the program's own exit status, when MPIGuard found no error",
        },
        footer = {"", "Shell completion for bash or zsh: source <(mpiguard generate-completion)"})
public final class Mpiguard implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command as {@code main} runs it: exit codes and error printing set up, never a stack trace. */
    public static CommandLine commandLine() {
        CommandLine line = new CommandLine(new Mpiguard());
        line.setExitCodeExceptionMapper(CommandExitCodes::of);
        line.setParameterExceptionHandler(CommandExitCodes::usageError);
        line.setExecutionExceptionHandler(CommandExitCodes::failure);
        line.getSubcommands().get("generate-completion").getCommandSpec().usageMessage().hidden(true);
        return line;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
