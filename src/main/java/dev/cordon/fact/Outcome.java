package dev.cordon.fact;

import dev.cordon.decision.Decision;

/**
 * Derived by the resolution rules: the finding of the first gate that fired for one subject.
 *
 * @param finding that finding
 */
public record Outcome(Finding finding) {

    public Subject subject() {
        return finding.subject();
    }

    public int step() {
        return finding.step();
    }

    public int severity() {
        return finding.severity();
    }

    public Decision decision() {
        return finding.decision();
    }

    public boolean refusing() {
        return finding.refusing();
    }
}
