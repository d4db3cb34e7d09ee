package dev.cordon.hook;

import dev.cordon.engine.Evaluation;
import dev.cordon.profile.Resolution;
import dev.cordon.request.Request;
import java.nio.file.Path;
import java.util.Map;

/** The policy a hook decides with: resolved per call, from the caller's directory and environment. */
public interface HookPolicy {

    /**
     * The policy in force for a call from this directory.
     *
     * @param workspace the project root the agent names, or null to find it as cordon does
     */
    Resolution resolve(Path cwd, Path workspace, Map<String, String> env);

    /** Decides one request under that policy. */
    Evaluation decide(Resolution resolution, Request request, Map<String, String> env);

    /** The distribution folder, whose {@code bin/cordon} runs confined commands. */
    Path home();
}
