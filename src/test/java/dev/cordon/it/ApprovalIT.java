package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A human at a real terminal (a pseudo-terminal from script(1)) answers "always"; the answer is
 * kept in the user's approvals file and decides the same command from then on.
 */
class ApprovalIT {

    @TempDir
    Path temp;

    @Test
    void anAlwaysAnswerAtTheTerminalBecomesTheDecidingRule() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "script(1) is not installed");
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path profiles = Files.createDirectories(cordon.home().resolve(".config/cordon/profiles"));
        Files.writeString(profiles.resolve("asky.yaml"), "extends: workspace-write\napproval: {execute: true}\n");
        Path workspace = Files.createDirectories(temp.resolve("project"));

        Cordon.Result before = cordon.run(workspace, "policy", "test", "--profile", "asky", "--", "echo hi");
        assertEquals(11, before.code(), before::toString);

        String line = Cordon.dist().resolve("bin/cordon") + " run --profile asky -- 'echo hi'";
        ProcessBuilder builder = new ProcessBuilder("/usr/bin/script", "-qec", line, "/dev/null")
                .directory(workspace.toFile()).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().putAll(cordon.environment());
        Process human = builder.start();
        human.getOutputStream().write("a\n".getBytes(StandardCharsets.UTF_8));
        human.getOutputStream().flush();
        assertTrue(human.waitFor(120, TimeUnit.SECONDS), "the approval run did not finish");
        String screen = new String(human.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, human.exitValue(), screen);
        assertTrue(screen.contains("approval.ask-before-execute"), screen);
        assertTrue(screen.contains("hi"), screen);

        List<String> kept = Files.readAllLines(cordon.home().resolve(".config/cordon/approvals.yaml"));
        assertTrue(kept.contains("- id: approved.bash.echo"), kept::toString);
        Cordon.Result after = cordon.run(workspace, "policy", "test", "--profile", "asky", "--", "echo hi");
        assertEquals(0, after.code(), after::toString);
        assertTrue(after.out().contains("rule:      approved.bash.echo"), after::toString);
        Cordon.Result other = cordon.run(workspace, "policy", "test", "--profile", "asky", "--", "ls");
        assertEquals(11, other.code(), "an always answer covers its own prefix only: " + other);
    }
}
