package org.mpiguard.cli.report;

import java.util.List;

/** The job {@code mpiguard run} started, for the report's header; absent for {@code mpiguard report}. */
public record RunInfo(List<String> command, int exitCode) {

    public RunInfo {
        command = List.copyOf(command);
    }
}
