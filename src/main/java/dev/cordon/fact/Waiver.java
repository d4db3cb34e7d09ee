package dev.cordon.fact;

/**
 * Derived by the rules: this finding does not take part in the decision (mode off, a standing
 * approval, an untrusted rule trying to loosen).
 *
 * @param finding the finding set aside
 * @param why why, for the explanation
 */
public record Waiver(Finding finding, String why) {
}
