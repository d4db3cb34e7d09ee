package dev.cordon.profile;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.diagnostic.UserError;
import dev.cordon.path.Expansion;
import dev.cordon.path.PathNormalizer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What one resolution works with: directories, variables, the config files (read when first
 * needed) and the catalog of profile files.
 */
final class PolicyContext {

    final PolicySources sources;
    final Path cwd;
    final String home;
    final Path projectRoot;
    final Path workspace;
    final Expansion expansion;
    final DocumentReader reader;
    final ProfileCatalog catalog;
    private ConfigDocument user;
    private ConfigDocument project;

    PolicyContext(PolicySources sources) {
        this.sources = sources;
        this.cwd = sources.cwd().toAbsolutePath().normalize();
        PathNormalizer normalizer = new PathNormalizer(null, cwd.toString());
        this.home = normalizer.normalize(PolicySources.homeDirectory(sources.env()));
        String tmpdir = normalizer.normalize(PolicySources.tempDirectory(sources.env()));
        this.projectRoot = ProjectConfig.findRoot(cwd);
        this.workspace = workspace(sources, cwd, projectRoot);
        this.expansion = Expansion.of(workspace.toString(), home, tmpdir, cwd.toString());
        this.reader = new DocumentReader(expansion);
        this.catalog = new ProfileCatalog(sources.home(), sources.userConfigDir(), projectRoot, home, reader);
    }

    private static Path workspace(PolicySources sources, Path cwd, Path projectRoot) {
        Path flag = sources.flags().workspace();
        if (flag == null) {
            return projectRoot != null ? projectRoot : cwd;
        }
        Path workspace = cwd.resolve(flag).toAbsolutePath().normalize();
        if (!Files.isDirectory(workspace)) {
            throw new UserError(ExitCode.USAGE, "workspace `" + flag + "` is not a directory");
        }
        return workspace;
    }

    /** The user's {@code config.yaml}, or an empty one when there is none. */
    ConfigDocument user() {
        if (user == null) {
            Path dir = sources.userConfigDir();
            SourceFile file = SourceFile.of(dir == null ? cwd.resolve(ProjectConfig.FILE) : dir.resolve(ProjectConfig.FILE),
                    null, home, Provenance.Layer.USER);
            user = dir != null && Files.isRegularFile(file.path())
                    ? reader.config(file, DocumentReader.ConfigKind.USER)
                    : ConfigDocument.empty(file);
        }
        return user;
    }

    /** The project's {@code .cordon/config.yaml}, or an empty one when there is none. */
    ConfigDocument project() {
        if (project == null) {
            SourceFile file = projectConfigFile();
            project = Files.isRegularFile(file.path())
                    ? reader.config(file, DocumentReader.ConfigKind.PROJECT)
                    : ConfigDocument.empty(file);
        }
        return project;
    }

    /** Where the project config is, or would be created by {@code profile use}. */
    SourceFile projectConfigFile() {
        Path root = projectRoot != null ? projectRoot : cwd;
        return SourceFile.of(root.resolve(ProjectConfig.DIR).resolve(ProjectConfig.FILE), root, home, Provenance.Layer.PROJECT);
    }

    /** Whether the user lists the project root (or its real path) in {@code trusted_projects}. */
    boolean trusted() {
        if (projectRoot == null) {
            return false;
        }
        String root = projectRoot.toString();
        String real = PathNormalizer.resolveReal(root);
        for (String entry : user().trustedProjects()) {
            if (entry.equals(root) || entry.equals(real) || PathNormalizer.resolveReal(entry).equals(real)) {
                return true;
            }
        }
        return false;
    }
}
