package dev.cordon.dispatch;

import dev.cordon.diagnostic.Provenance;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.fact.Trust;
import dev.cordon.profile.Resolution;
import dev.cordon.rules.RuleDir;
import java.util.List;

/** The engine for a resolution's rule folders, a project's own held to tightening when untrusted. */
public final class PolicyRules {

    private PolicyRules() {
    }

    public static PolicyEngine engineFor(Resolution resolution) {
        return PolicyEngine.load(dirs(resolution));
    }

    public static List<RuleDir> dirs(Resolution resolution) {
        return resolution.ruleDirs().stream()
                .map(folder -> new RuleDir(folder.dir(), folder.layer(),
                        folder.layer() == Provenance.Layer.PROJECT && !resolution.projectTrusted()
                                ? Trust.UNTRUSTED
                                : Trust.TRUSTED))
                .toList();
    }
}
