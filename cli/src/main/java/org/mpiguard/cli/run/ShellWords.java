package org.mpiguard.cli.run;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** A command as one line a POSIX shell runs as it is: each word quoted where it must be. */
final class ShellWords {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {
    }

    static String line(Map<String, String> environment, List<String> command) {
        StringBuilder line = new StringBuilder();
        environment.forEach((name, value) -> line.append(name).append('=').append(quoted(value)).append(' '));
        for (String word : command) {
            line.append(line.length() == 0 || line.charAt(line.length() - 1) == ' ' ? "" : " ").append(quoted(word));
        }
        return line.toString();
    }

    static String quoted(String word) {
        if (!word.isEmpty() && PLAIN.matcher(word).matches()) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
