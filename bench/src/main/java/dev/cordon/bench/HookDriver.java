package dev.cordon.bench;

import dev.cordon.hook.HookAnswer;
import dev.cordon.serve.BuildStamp;
import dev.cordon.serve.HookClient;
import dev.cordon.serve.RuntimeDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Sends hook events to the running per-user server over its socket, as the launcher does, from
 * one JVM: many decisions quickly, for measuring the server itself (bench/hook-memory.sh).
 * Usage: {@code HookDriver DIST CALLS EVENT.json…} (Claude Code events); prints the calls
 * answered and exits 1 when any was not.
 */
public final class HookDriver {

    private HookDriver() {
    }

    public static void main(String[] args) throws Exception {
        Path dist = Path.of(args[0]).toRealPath();
        int calls = Integer.parseInt(args[1]);
        List<byte[]> events = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            events.add(Files.readAllBytes(Path.of(args[i])));
        }
        Map<String, String> env = System.getenv();
        Path socket = RuntimeDir.of(env).socket();
        String stamp = BuildStamp.of(dist);
        int answered = 0;
        for (int i = 0; i < calls; i++) {
            Optional<HookAnswer> answer = HookClient.ask(socket, "claude-code", stamp, env, events.get(i % events.size()),
                    Duration.ofSeconds(60));
            if (answer.isPresent() && !answer.get().refused()) {
                answered++;
            }
        }
        System.out.println(answered + " of " + calls + " calls answered");
        System.exit(answered == calls ? 0 : 1);
    }
}
