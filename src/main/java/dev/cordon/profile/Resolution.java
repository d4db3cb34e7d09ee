package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;
import java.nio.file.Path;
import java.util.List;

/**
 * The policy in force for one cordon call.
 *
 * @param profile the effective profile, every layer applied
 * @param workspace the workspace: {@code --workspace}, else the project root, else the cwd
 * @param projectRoot the directory holding {@code .cordon/}, or null when there is none
 * @param projectTrusted whether the user trusts the project; when false, its config, profiles
 *     and rules may only tighten the policy
 * @param ruleDirs built-in, user and project rule folders that exist, lowest layer first, each with its layer
 * @param policyFiles every profile, config and rule file in force, plus the config files and
 *     policy directories that would be read if they existed; a directory protects everything
 *     below it. None of these may be written by the commands and file tools cordon decides on
 * @param warnings project settings that were ignored, each starting with {@code file:line}
 */
public record Resolution(
        Profile profile,
        Path workspace,
        Path projectRoot,
        boolean projectTrusted,
        List<RuleFolder> ruleDirs,
        List<Path> policyFiles,
        List<String> warnings) {

    public Resolution {
        ruleDirs = List.copyOf(ruleDirs);
        policyFiles = List.copyOf(policyFiles);
        warnings = List.copyOf(warnings);
    }

    /** A folder of rule files and the layer it belongs to. */
    public record RuleFolder(Path dir, Provenance.Layer layer) {
    }
}
