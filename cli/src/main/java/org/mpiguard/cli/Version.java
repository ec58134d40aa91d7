package org.mpiguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven built, for {@code --version} and the reports' tool field. */
public final class Version implements IVersionProvider {

    public static String number() {
        try (InputStream in = Version.class.getResourceAsStream("/mpiguard-cli.properties")) {
            Properties p = new Properties();
            if (in != null) {
                p.load(in);
            }
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {"mpiguard " + number()};
    }
}
