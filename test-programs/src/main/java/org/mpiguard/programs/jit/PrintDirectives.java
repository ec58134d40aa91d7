package org.mpiguard.programs.jit;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

/**
 * Prints the JVM's compiler directive stack (what {@code jcmd <pid> Compiler.directives_print}
 * shows), its "Directive:", "matching:", compiler, "inline:" and "Enable:" lines (the rest of
 * each compiler's options left out), once it holds more than the default
 * directive or after {@code args[0]} milliseconds. Calls no MPI.
 */
public final class PrintDirectives {

    private PrintDirectives() {
    }

    public static void main(String[] args) throws Exception {
        long deadline = System.currentTimeMillis() + (args.length > 0 ? Long.parseLong(args[0]) : 10_000);
        String stack = print();
        while (count(stack, "Directive:") < 2 && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
            stack = print();
        }
        for (String line : stack.split("\n")) {
            String t = line.trim();
            if (t.startsWith("Directive:") || t.contains("matching:") || t.contains("directives:")
                    || t.startsWith("inline:")) {
                System.out.println(t);
            } else if (t.startsWith("Enable:")) {
                System.out.println(t.substring(0, t.indexOf(' ') < 0 ? t.length() : t.indexOf(' ')));
            }
        }
    }

    private static String print() throws Exception {
        return (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesPrint",
                new Object[] {null}, new String[] {String[].class.getName()});
    }

    private static int count(String text, String word) {
        int n = 0;
        for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
            n++;
        }
        return n;
    }
}
