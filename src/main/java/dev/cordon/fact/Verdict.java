package dev.cordon.fact;

/**
 * Derived by the resolution rules: a finding that decides the whole call. Several verdicts can
 * exist only when they agree (same gate, same decision); the engine names the first as deciding.
 *
 * @param finding the deciding finding
 */
public record Verdict(Finding finding) {
}
