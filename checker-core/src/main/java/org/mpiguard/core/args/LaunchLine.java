package org.mpiguard.core.args;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What {@code MPI.INFO_ENV} says of the command line ({@code command} and {@code argv})
 * as it would read without the agent's flag. Open MPI's mpirun takes the first argument
 * after {@code java} that is not {@code -cp}/{@code -classpath} and its value as the
 * command and the arguments after it as argv, so a {@code -javaagent:...} flag put first
 * becomes the command and the class name moves into argv. Removing the flag and applying
 * the same rule again gives back what the program would have read.
 */
public final class LaunchLine {

    private LaunchLine() {
    }

    /**
     * {@code {command, argv}} without {@code flag}; the inputs unchanged when the flag is
     * not among them ({@code argv} may be null: the key is absent without arguments).
     */
    public static String[] withoutFlag(String command, String argv, String flag) {
        List<String> tokens = new ArrayList<>();
        tokens.add(command);
        if (argv != null && !argv.isEmpty()) {
            tokens.addAll(Arrays.asList(argv.split(" ")));
        }
        int at = tokens.indexOf(flag);
        if (flag == null || at < 0) {
            return new String[] {command, argv};
        }
        tokens.remove(at);
        int first = 0;
        if (at == 0) {
            while (first + 1 < tokens.size()
                    && (tokens.get(first).equals("-cp") || tokens.get(first).equals("-classpath"))) {
                first += 2;
            }
        }
        if (first >= tokens.size()) {
            return new String[] {command, argv};
        }
        List<String> rest = tokens.subList(first + 1, tokens.size());
        return new String[] {tokens.get(first), rest.isEmpty() ? null : String.join(" ", rest)};
    }
}
