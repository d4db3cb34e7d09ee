package dev.cordon.rules;

import dev.cordon.fact.Trust;
import java.nio.file.Path;

/**
 * A folder of DRL rule files in force.
 *
 * @param dir the folder
 * @param trust whether its rules may loosen the policy (a project the user has not trusted may
 *     only tighten it)
 */
public record RuleDir(Path dir, Trust trust) {

    public static RuleDir trusted(Path dir) {
        return new RuleDir(dir, Trust.TRUSTED);
    }

    public static RuleDir untrusted(Path dir) {
        return new RuleDir(dir, Trust.UNTRUSTED);
    }
}
