package org.mpiguard.cli.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.mpiguard.core.report.FindingKind;

class CheckHelpTest {

    @Test
    void everyKindTheCheckerReportsHasARuleWithHelp() {
        for (FindingKind kind : FindingKind.values()) {
            assertTrue(CheckHelp.all().containsKey(kind.label()), kind.label());
            assertTrue(CheckHelp.of(kind.label()).help().length() > 40, kind.label());
        }
    }
}
