package dev.cordon.rules;

import dev.cordon.fact.Trust;

/**
 * Where a rule is defined.
 *
 * @param id the rule's name, its stable id
 * @param pkg its DRL package
 * @param file the file as messages name it
 * @param line the 1-based line of its {@code rule} keyword
 * @param trust the trust of its file
 */
public record RuleInfo(String id, String pkg, String file, int line, Trust trust) {

    /** {@code file:line}. */
    public String location() {
        return file + ":" + line;
    }
}
