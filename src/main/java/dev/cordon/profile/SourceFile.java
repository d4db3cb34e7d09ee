package dev.cordon.profile;

import dev.cordon.diagnostic.FileNames;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.yaml.Yaml;
import java.nio.file.Path;

/**
 * A policy file and how to name it to the user.
 *
 * @param path where it is
 * @param display the name shown in messages, e.g. {@code profiles/ci.yaml} for a built-in
 *     profile or {@code .cordon/config.yaml} for a project's config
 * @param layer the precedence layer its settings belong to
 */
record SourceFile(Path path, String display, Provenance.Layer layer) {

    /**
     * Names a file relative to {@code base}; without one as rule files are named (relative to the
     * working directory when inside it), else by its path, with {@code ~} for home.
     */
    static SourceFile of(Path path, Path base, String home, Provenance.Layer layer) {
        Path absolute = path.toAbsolutePath().normalize();
        if (base != null && absolute.startsWith(base.toAbsolutePath().normalize())) {
            return new SourceFile(absolute, base.toAbsolutePath().normalize().relativize(absolute).toString(), layer);
        }
        String text = FileNames.display(absolute);
        if (!text.startsWith("/")) {
            return new SourceFile(absolute, text, layer);
        }
        if (home != null && !home.equals("/") && text.startsWith(home + "/")) {
            text = "~" + text.substring(home.length());
        }
        return new SourceFile(absolute, text, layer);
    }

    /** Where a value read from this file is. */
    Provenance at(Yaml.Node node) {
        return new Provenance(layer, display, node.line(), node.column());
    }
}
