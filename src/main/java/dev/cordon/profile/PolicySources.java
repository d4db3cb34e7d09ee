package dev.cordon.profile;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where policy comes from for one cordon call.
 *
 * @param home the distribution directory holding {@code rules/} and {@code profiles/}
 * @param userConfigDir the user's config directory (see {@link #userConfigDir(Map)}); it need
 *     not exist
 * @param cwd the working directory; the project config is found by walking up from it
 * @param env the environment: {@code HOME}, {@code TMPDIR}, {@code CORDON_PROFILE},
 *     {@code CORDON_MODE}, {@code CORDON_EXECUTOR}
 * @param flags command-line flags, {@link Overrides#NONE} when there are none
 * @param executors what the installed executors isolate, to keep an untrusted project from
 *     choosing a weaker one
 */
public record PolicySources(Path home, Path userConfigDir, Path cwd, Map<String, String> env, Overrides flags,
        ExecutorCapabilities executors) {

    public PolicySources {
        if (home == null || cwd == null) {
            throw new IllegalArgumentException("policy sources need the cordon home and the working directory");
        }
        env = Map.copyOf(env);
        flags = flags == null ? Overrides.NONE : flags;
        executors = executors == null ? ExecutorCapabilities.NONE : executors;
    }

    /** Sources that know no executor: an untrusted project can then choose none but {@code auto}. */
    public PolicySources(Path home, Path userConfigDir, Path cwd, Map<String, String> env, Overrides flags) {
        this(home, userConfigDir, cwd, env, flags, ExecutorCapabilities.NONE);
    }

    /** Sources with the user config directory found from the environment. */
    public static PolicySources of(Path home, Path cwd, Map<String, String> env, Overrides flags) {
        return new PolicySources(home, userConfigDir(env), cwd, env, flags);
    }

    /**
     * {@code $CORDON_CONFIG_DIR}, else {@code $XDG_CONFIG_HOME/cordon}, else
     * {@code ~/.config/cordon}.
     */
    public static Path userConfigDir(Map<String, String> env) {
        String explicit = env.get("CORDON_CONFIG_DIR");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "cordon");
        }
        return Path.of(homeDirectory(env), ".config", "cordon");
    }

    /** {@code $HOME}, else the JVM's idea of it. */
    public static String homeDirectory(Map<String, String> env) {
        String home = env.get("HOME");
        if (home == null || home.isBlank()) {
            home = env.get("USERPROFILE");
        }
        return home == null || home.isBlank() ? System.getProperty("user.home") : home;
    }

    /** {@code $TMPDIR}, else the JVM's temp directory: what {@code ${TMPDIR}} expands to. */
    public static String tempDirectory(Map<String, String> env) {
        String tmp = env.getOrDefault("TMPDIR", "");
        return tmp.isBlank() ? System.getProperty("java.io.tmpdir") : tmp;
    }

    public PolicySources withFlags(Overrides overrides) {
        return new PolicySources(home, userConfigDir, cwd, env, overrides, executors);
    }

    public PolicySources withExecutors(ExecutorCapabilities installed) {
        return new PolicySources(home, userConfigDir, cwd, env, flags, installed);
    }
}
