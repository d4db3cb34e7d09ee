package dev.cordon.rules;

import dev.cordon.diagnostic.Provenance;
import dev.cordon.fact.Trust;

/**
 * Where a rule is defined.
 *
 * @param id the rule's name, its stable id
 * @param pkg its DRL package
 * @param source its layer, file and the line and column of its {@code rule} keyword
 * @param trust the trust of its file
 */
public record RuleInfo(String id, String pkg, Provenance source, Trust trust) {

    /** The file as messages name it. */
    public String file() {
        return source.file();
    }

    public int line() {
        return source.line();
    }

    /** {@code file:line:col}. */
    public String location() {
        return source.location();
    }
}
