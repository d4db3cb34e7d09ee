package dev.cordon.profile;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.diagnostic.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Resolves the profile in force: built-in defaults, then the selected profile and its
 * {@code extends} chain, then user config, project config, environment variables and flags,
 * lowest first. An untrusted project only tightens (see {@link Tightening}); a profile it
 * selects or defines is laid over the user-level profile the same way.
 */
public final class ProfileResolver {

    /** The profile in force when no layer selects one: no network, writes only in the workspace. */
    public static final String DEFAULT_PROFILE = "workspace-write";
    public static final String ENV_PROFILE = "CORDON_PROFILE";
    public static final String ENV_MODE = "CORDON_MODE";
    public static final String ENV_EXECUTOR = "CORDON_EXECUTOR";

    private static final Pattern EXECUTOR = Pattern.compile("auto|[a-z][a-z0-9-]{0,31}");

    /** A profile choice and where it was made. */
    private record Selection(String name, Provenance origin) {
    }

    public Resolution resolve(PolicySources sources) {
        PolicyContext context = new PolicyContext(sources);
        List<String> warnings = new ArrayList<>();
        boolean trusted = context.trusted();
        ProfileDocument defaults = context.catalog.defaults();
        ConfigDocument user = context.user();
        ConfigDocument project = context.project();

        Selection selection = select(context, user, project);
        SourceFile chosen = locate(context, selection, Provenance.Layer.PROJECT);
        boolean projectMade = chosen.layer() == Provenance.Layer.PROJECT
                || selection.origin().layer() == Provenance.Layer.PROJECT;
        Settings settings;
        String name;
        if (projectMade && !trusted) {
            // Lay the project's profile over what the user would have without the project.
            SourceFile shadowed = chosen.layer() == Provenance.Layer.PROJECT
                    ? context.catalog.find(selection.name(), Provenance.Layer.USER)
                    : null;
            Selection base = shadowed != null ? selection : userSelection(user);
            SourceFile baseFile = shadowed != null ? shadowed : locate(context, base, Provenance.Layer.USER);
            name = base.name();
            settings = Merge.overlay(chain(context, defaults, baseFile), user.overrides());
            if (!baseFile.equals(chosen)) {
                warnings.add(selection.origin().location() + ": profile `" + selection.name()
                        + "` of an untrusted project only tightens `" + name + "`");
                settings = new Tightening(warnings, sources.executors()).apply(settings, chain(context, defaults, chosen));
            }
        } else {
            name = selection.name();
            settings = Merge.overlay(chain(context, defaults, chosen), user.overrides());
        }
        settings = trusted
                ? Merge.overlay(settings, project.overrides())
                : new Tightening(warnings, sources.executors()).apply(settings, project.overrides());
        settings = Merge.overlay(settings, environment(sources.env()));
        settings = Merge.overlay(settings, flags(sources.flags()));

        Profile profile = Assembly.profile(name, settings, selection.origin());
        return new Resolution(profile, context.workspace, context.projectRoot, trusted,
                ruleDirs(context), policyFiles(context, user, project), warnings);
    }

    /** Every selectable profile name, sorted. */
    public List<String> names(PolicySources sources) {
        return new ArrayList<>(new PolicyContext(sources).catalog.all().keySet());
    }

    /** Every selectable profile with where it comes from and what it is for. */
    public List<ProfileListing> list(PolicySources sources) {
        PolicyContext context = new PolicyContext(sources);
        List<ProfileListing> out = new ArrayList<>();
        context.catalog.all().forEach((name, file) -> {
            String description = context.catalog.document(name, file).description();
            out.add(new ProfileListing(name, file.layer(), file.display(), description == null ? "" : description));
        });
        return out;
    }

    /** The profile as it would be in force with {@code --profile NAME}: every layer applied. */
    public Profile load(String name, PolicySources sources) {
        return resolve(sources.withFlags(sources.flags().withProfile(name))).profile();
    }

    /** Reads {@code text} as a project config at {@code file}; the profile it selects, or null. */
    String selectedBy(PolicySources sources, Path file, String text) {
        PolicyContext context = new PolicyContext(sources);
        Path root = file.getParent().getParent();
        SourceFile source = SourceFile.of(file, root, context.home, Provenance.Layer.PROJECT);
        return context.reader.config(source, DocumentReader.ConfigKind.PROJECT, text).profile();
    }

    private static Selection select(PolicyContext context, ConfigDocument user, ConfigDocument project) {
        String flag = context.sources.flags().profile();
        if (flag != null) {
            return new Selection(flag, Provenance.named(Provenance.Layer.FLAGS, "--profile"));
        }
        String env = context.sources.env().get(ENV_PROFILE);
        if (env != null && !env.isBlank()) {
            return new Selection(env.strip(), Provenance.named(Provenance.Layer.ENVIRONMENT, ENV_PROFILE));
        }
        if (project.profile() != null) {
            return new Selection(project.profile(), project.profileSource());
        }
        return userSelection(user);
    }

    private static Selection userSelection(ConfigDocument user) {
        if (user.profile() != null) {
            return new Selection(user.profile(), user.profileSource());
        }
        return new Selection(DEFAULT_PROFILE, Provenance.named(Provenance.Layer.BUILTIN, "default"));
    }

    private static SourceFile locate(PolicyContext context, Selection selection, Provenance.Layer highest) {
        SourceFile file = context.catalog.find(selection.name(), highest);
        if (file != null) {
            return file;
        }
        String known = String.join(", ", context.catalog.all().keySet());
        Provenance origin = selection.origin();
        switch (origin.layer()) {
            case FLAGS, ENVIRONMENT -> {
                String via = origin.layer() == Provenance.Layer.ENVIRONMENT ? " in " + ENV_PROFILE : "";
                throw new UserError(ExitCode.USAGE, "unknown profile `" + selection.name() + "`" + via, "known profiles: " + known);
            }
            case BUILTIN -> throw new PolicyException(new Problem(
                    context.catalog.file(Provenance.Layer.BUILTIN, selection.name()).display(), 0, 0,
                    "missing built-in profile `" + selection.name() + "`"));
            default -> throw new PolicyException(origin.problem("unknown profile `" + selection.name() + "`, expected one of "
                    + known));
        }
    }

    private static Settings chain(PolicyContext context, ProfileDocument defaults, SourceFile top) {
        Settings settings = defaults.settings();
        for (ProfileDocument document : context.catalog.chain(top)) {
            settings = Merge.overlay(settings, document.settings());
        }
        return settings;
    }

    private static Settings environment(Map<String, String> env) {
        Settings out = new Settings();
        String mode = env.get(ENV_MODE);
        if (mode != null && !mode.isBlank()) {
            out.put(Key.MODE, mode(mode.strip(), ENV_MODE), Provenance.named(Provenance.Layer.ENVIRONMENT, ENV_MODE));
        }
        String executor = env.get(ENV_EXECUTOR);
        if (executor != null && !executor.isBlank()) {
            out.put(Key.EXECUTOR, executor(executor.strip(), ENV_EXECUTOR),
                    Provenance.named(Provenance.Layer.ENVIRONMENT, ENV_EXECUTOR));
        }
        return out;
    }

    private static Settings flags(Overrides flags) {
        Settings out = new Settings();
        if (flags.mode() != null) {
            out.put(Key.MODE, flags.mode(), Provenance.named(Provenance.Layer.FLAGS, "--sandbox"));
        }
        if (flags.executor() != null) {
            out.put(Key.EXECUTOR, executor(flags.executor(), "--executor"),
                    Provenance.named(Provenance.Layer.FLAGS, "--executor"));
        }
        if (flags.timeoutSeconds() != null) {
            if (flags.timeoutSeconds() < 0) {
                throw new UserError(ExitCode.USAGE, "`--timeout` must be 0 (no limit) or more, got `" + flags.timeoutSeconds() + "`");
            }
            out.put(Key.TIMEOUT_SECONDS, flags.timeoutSeconds(), Provenance.named(Provenance.Layer.FLAGS, "--timeout"));
        }
        return out;
    }

    private static Profile.Mode mode(String value, String source) {
        for (Profile.Mode mode : Profile.Mode.values()) {
            if (mode.name().toLowerCase(Locale.ROOT).equals(value)) {
                return mode;
            }
        }
        throw new UserError(ExitCode.USAGE, "unknown mode `" + value + "` in " + source
                + ", expected one of off, permissive, standard, strict");
    }

    private static String executor(String value, String source) {
        if (!EXECUTOR.matcher(value).matches()) {
            throw new UserError(ExitCode.USAGE, "invalid executor `" + value + "` in " + source
                    + ", expected `auto` or an executor id such as `landlock`");
        }
        return value;
    }

    private static List<Resolution.RuleFolder> ruleDirs(PolicyContext context) {
        List<Resolution.RuleFolder> out = new ArrayList<>();
        for (Resolution.RuleFolder folder : candidateRuleDirs(context)) {
            if (Files.isDirectory(folder.dir())) {
                out.add(folder);
            }
        }
        return out;
    }

    private static List<Resolution.RuleFolder> candidateRuleDirs(PolicyContext context) {
        List<Resolution.RuleFolder> out = new ArrayList<>();
        out.add(new Resolution.RuleFolder(context.sources.home().resolve("rules").toAbsolutePath().normalize(),
                Provenance.Layer.BUILTIN));
        if (context.sources.userConfigDir() != null) {
            out.add(new Resolution.RuleFolder(context.sources.userConfigDir().resolve("rules").toAbsolutePath().normalize(),
                    Provenance.Layer.USER));
        }
        if (context.projectRoot != null) {
            out.add(new Resolution.RuleFolder(context.projectRoot.resolve(ProjectConfig.DIR).resolve("rules"),
                    Provenance.Layer.PROJECT));
        }
        return out;
    }

    private static List<Path> policyFiles(PolicyContext context, ConfigDocument user, ConfigDocument project) {
        Set<Path> out = new LinkedHashSet<>();
        for (SourceFile file : context.catalog.loaded()) {
            out.add(file.path());
        }
        if (context.sources.userConfigDir() != null) {
            out.add(user.file().path());
        }
        out.add(project.file().path());
        for (Resolution.RuleFolder folder : ruleDirs(context)) {
            out.addAll(filesBelow(folder.dir()));
        }
        // Directories: a file created there later would join the policy.
        out.add(context.sources.home().resolve("profiles").toAbsolutePath().normalize());
        out.add(context.sources.home().resolve("rules").toAbsolutePath().normalize());
        if (context.sources.userConfigDir() != null) {
            out.add(context.sources.userConfigDir().toAbsolutePath().normalize());
        }
        out.add(project.file().path().getParent());
        return new ArrayList<>(out);
    }

    private static List<Path> filesBelow(Path dir) {
        try (Stream<Path> files = Files.walk(dir, 8)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new PolicyException(new Problem(dir.toString(), 0, 0, "cannot list rule files: " + e.getMessage()));
        }
    }
}
