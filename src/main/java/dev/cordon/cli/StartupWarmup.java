package dev.cordon.cli;

import dev.cordon.diagnostic.Provenance;
import dev.cordon.egress.EgressTraining;
import dev.cordon.engine.PolicyEngine;
import dev.cordon.executor.ExecutorRegistry;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.fact.Trust;
import dev.cordon.hook.Adapters;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.ProjectConfig;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import dev.cordon.rules.RuleDir;
import dev.cordon.spi.Executor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A one-shot command that will decide something spends most of its time compiling rules; the
 * rest (reading profiles, loading and probing executors) does not depend on the compiled rules.
 * So both start at once on their own threads, and the command later takes the compiled rules
 * from the engine's cache. Only the common case is guessed: the built-in and user rule folders,
 * with no project folder of rules (whose trust the profile layers decide).
 */
final class StartupWarmup {

    /** Set by the launcher on the run that trains its start-up cache. */
    static final String TRAINING = "cordon.aot.training";

    private static final Set<String> DECIDING = Set.of("run", "policy", "hook");

    private StartupWarmup() {
    }

    static void start(Context context, Services services, String[] args) {
        if (args.length == 0 || !DECIDING.contains(args[0])
                || args[0].equals("hook") && (args.length < 2 || Adapters.of(args[1]) == null)) {
            return;
        }
        if (Boolean.getBoolean(TRAINING)) {
            // The launcher's start-up cache keeps what its training run loads: the egress proxy too.
            EgressTraining.run();
        }
        Thread probes = new Thread(() -> executors(services), "cordon-warmup-executors");
        probes.setDaemon(true);
        probes.start();
        List<RuleDir> dirs = likelyRuleDirs(context);
        if (dirs.isEmpty()) {
            return;
        }
        Thread rules = new Thread(() -> {
            try {
                rehearse(PolicyEngine.load(dirs), context);
            } catch (RuntimeException e) {
                // The command compiles and decides again and reports the problem itself.
            }
        }, "cordon-warmup-rules");
        rules.setDaemon(true);
        rules.start();
    }

    /**
     * Decides a harmless request once with the profile in force: a JVM's first decision runs the
     * rule code interpreted and fills the pooled session's memories, and reading the profile fills
     * the document cache; the command's own decision then finds both done.
     */
    private static void rehearse(PolicyEngine engine, Context context) {
        Resolution resolution = new ProfileResolver().resolve(
                PolicySources.of(context.home(), context.cwd(), context.env(), Overrides.NONE));
        engine.decide(new Request("bash", "true", null, null, context.cwd(), context.env(), resolution.workspace()),
                resolution.profile(), ExecutorFacts.none("local"), List.of(), resolution.policyFiles());
    }

    /**
     * Loads and probes the executors, and asks each available one what it provides, as choosing
     * one will: the first answer may take a trial run of the sandbox, which would otherwise hold up
     * the command after its profile is resolved.
     */
    private static void executors(Services services) {
        try {
            ExecutorRegistry registry = services.registry();
            for (Executor executor : registry.executors()) {
                if (registry.probe(executor).available()) {
                    executor.capabilities();
                }
            }
        } catch (RuntimeException e) {
            // The command asks again and reports the problem itself.
        }
    }

    /** The rule folders a resolution will name when the project has none of its own. */
    static List<RuleDir> likelyRuleDirs(Context context) {
        Path project = ProjectConfig.findRoot(context.cwd().toAbsolutePath().normalize());
        if (project != null && Files.isDirectory(project.resolve(ProjectConfig.DIR).resolve("rules"))) {
            return List.of();
        }
        List<RuleDir> dirs = new ArrayList<>();
        Path builtin = context.home().resolve("rules").toAbsolutePath().normalize();
        if (Files.isDirectory(builtin)) {
            dirs.add(RuleDir.trusted(builtin));
        }
        Path user = PolicySources.userConfigDir(context.env()).resolve("rules").toAbsolutePath().normalize();
        if (Files.isDirectory(user)) {
            dirs.add(new RuleDir(user, Provenance.Layer.USER, Trust.TRUSTED));
        }
        return dirs;
    }
}
