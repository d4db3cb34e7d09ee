package dev.cordon.hook.settings;

import dev.cordon.engine.ShellQuoting;
import java.nio.file.Path;
import java.util.Map;

/**
 * What installing a hook needs to know.
 *
 * @param launcher this distribution's {@code bin/cordon}, which the hook runs
 * @param env the environment (HOME and the agents' own variables, e.g. {@code CODEX_HOME})
 * @param cwd the project for {@link Scope#PROJECT}
 */
public record Installation(Path launcher, Map<String, String> env, Path cwd) {

    public Installation {
        env = Map.copyOf(env);
    }

    /** The command line an agent runs: {@code /…/bin/cordon hook AGENT}. */
    public String command(String agent) {
        return ShellQuoting.quote(launcher.toString()) + " hook " + agent;
    }

    /** {@code $HOME}. */
    public Path home() {
        return Path.of(env.getOrDefault("HOME", System.getProperty("user.home")));
    }

    /** A directory from a variable when it is set to an absolute path, else the fallback. */
    Path dir(String variable, Path fallback) {
        String value = env.get(variable);
        return value != null && value.startsWith("/") ? Path.of(value) : fallback;
    }
}
