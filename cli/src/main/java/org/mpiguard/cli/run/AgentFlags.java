package org.mpiguard.cli.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.mpiguard.cli.CliException;
import org.mpiguard.cli.CommandExitCodes;
import org.mpiguard.core.options.Options;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The agent's options as flags of {@code mpiguard run}, made from {@link Options} itself:
 * one {@code --KEY=VALUE} flag per key, described by the key's own documentation, so a
 * key added to the agent is a flag here with nothing else to change.
 */
public final class AgentFlags implements IModelTransformer {

    @Override
    public CommandSpec transform(CommandSpec spec) {
        for (Map.Entry<String, String> key : Options.documentation().entrySet()) {
            spec.addOption(OptionSpec.builder("--" + key.getKey())
                    .paramLabel(key.getKey().toUpperCase(Locale.ROOT).replace('-', '_'))
                    .type(String.class)
                    .description("agent option " + key.getKey() + ": " + key.getValue())
                    .build());
        }
        // mpirun's own options follow mpiguard's and are passed through as they are
        spec.parser().unmatchedOptionsArePositionalParams(true).stopAtPositional(true);
        return spec;
    }

    /**
     * The agent's options of a job: those of an agent the job line already carried, then the
     * flags given (later wins, as in the agent), as {@code key=value} pairs.
     */
    public static List<String> options(String existing, CommandSpec spec) {
        List<String> pairs = new ArrayList<>();
        for (String pair : existing.split(",")) {
            if (!pair.isBlank()) {
                pairs.add(pair.trim());
            }
        }
        List<String> flags = given(spec);
        for (String pair : flags) {
            if (pair.indexOf(',', pair.indexOf('=')) >= 0) {
                throw new CliException("the value of --" + pair.substring(0, pair.indexOf('='))
                        + " contains ',', which the agent's option string cannot carry", CommandExitCodes.USAGE);
            }
        }
        pairs.addAll(flags);
        return pairs;
    }

    /** {@code key=value} for every agent flag given on the command line, in the documented order. */
    static List<String> given(CommandSpec spec) {
        List<String> pairs = new ArrayList<>();
        for (String key : Options.documentation().keySet()) {
            String value = spec.findOption("--" + key).getValue();
            if (value != null) {
                pairs.add(key + "=" + value);
            }
        }
        return pairs;
    }
}
