package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;
import dev.cordon.path.Expansion;
import dev.cordon.yaml.Checks;
import dev.cordon.yaml.Yaml;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads path and command rules written outside a profile file (a rule case's {@code with:}) with
 * exactly the checks a profile's rules get, each with where it is written.
 */
public final class ProfileRules {

    private final RuleParser parser;

    /**
     * @param file the file the rules are written in, as messages name it
     * @param layer the layer that file belongs to
     * @param expansion the values of {@code ${HOME}} and the other variables
     * @param checks where problems go
     */
    public ProfileRules(String file, Provenance.Layer layer, Expansion expansion, Checks checks) {
        SourceFile source = new SourceFile(Path.of(file), file, layer);
        this.parser = new RuleParser(checks, new SettingsParser(source, expansion, checks));
    }

    /** The path rules of a list, or null after reporting. */
    public List<Profile.PathRule> pathRules(Yaml.Node node) {
        return parser.pathRules(node);
    }

    /** The command rules of a list, or null after reporting. */
    public List<Profile.CommandRule> commandRules(Yaml.Node node) {
        return parser.commandRules(node);
    }
}
