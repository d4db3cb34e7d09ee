package dev.cordon.rules;

import dev.cordon.diagnostic.Provenance;
import dev.cordon.fact.Trust;
import java.nio.file.Path;

/**
 * A folder of DRL rule files in force.
 *
 * @param dir the folder
 * @param layer the layer it belongs to (built-in, user or project), shown with each rule's place
 * @param trust whether its rules may loosen the policy (a project the user has not trusted may
 *     only tighten it)
 */
public record RuleDir(Path dir, Provenance.Layer layer, Trust trust) {

    /** A trusted folder of the built-in layer. */
    public static RuleDir trusted(Path dir) {
        return new RuleDir(dir, Provenance.Layer.BUILTIN, Trust.TRUSTED);
    }

    /** The folder of a project the user has not trusted. */
    public static RuleDir untrusted(Path dir) {
        return new RuleDir(dir, Provenance.Layer.PROJECT, Trust.UNTRUSTED);
    }
}
