package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A workspace under the host's /tmp, through the real launcher: every run gets a private /tmp, and
 * the workspace must still show through it, writable as the profile says, while the rest of the
 * host's /tmp stays out of sight and nothing written to the private one reaches the host. Also
 * when the caller's {@code TMPDIR} is the workspace itself (whose temp roots the private temp
 * replaces), and with a network allow-list, whose fence adds a network namespace.
 */
class TempWorkspaceIT {

    private Path base;

    @AfterEach
    void clean() throws IOException {
        if (base == null) {
            return;
        }
        try (Stream<Path> tree = Files.walk(base)) {
            for (Path path : tree.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    @ParameterizedTest(name = "{0}, {1}, TMPDIR is the workspace: {2}")
    @CsvSource({
        "bwrap, workspace-write, false", "bwrap, workspace-write, true", "bwrap, allow-list, true",
        "landlock, workspace-write, false", "landlock, workspace-write, true", "landlock, allow-list, false",
    })
    void theWorkspaceShowsAndIsWrittenWhileTheRestOfTmpStaysPrivate(String executor, String profile,
            boolean tmpdirIsWorkspace) throws Exception {
        base = Files.createTempDirectory(Path.of("/tmp"), "temp-workspace-it-");
        Cordon cordon = new Cordon(base.resolve("home"));
        Path profiles = Files.createDirectories(cordon.home().resolve(".config/cordon/profiles"));
        Files.writeString(profiles.resolve("allow-list.yaml"), "extends: ci\nnetwork:\n  allow: [127.0.0.1:9]\n");
        Path workspace = Files.createDirectories(base.resolve("project")).toRealPath();
        if (tmpdirIsWorkspace) {
            cordon.env("TMPDIR", workspace.toString());
        }
        String capability = profile.equals("allow-list") ? "network-allow-list" : "write-isolation";
        assumeTrue(Cordon.offers(cordon.status(workspace), executor, capability), executor + " lacks " + capability);
        Path hostFile = Files.writeString(base.resolve("host-only"), "the host's\n");
        Path privateFile = base.resolveSibling(base.getFileName() + "-private");
        // A script, so that the policy sees `bash probe.sh` and the kernel alone decides the rest.
        Files.writeString(workspace.resolve("probe.sh"), String.join("\n",
                "pwd",
                "echo kept > kept.txt",
                "echo private > " + privateFile,
                "cat " + privateFile,
                "if test -e " + hostFile + "; then echo 'host /tmp visible'; fi",
                ""));

        Cordon.Result run = cordon.run(workspace, "run", "--executor", executor, "--profile", profile, "--",
                "bash", "probe.sh");

        assertEquals(0, run.code(), run::toString);
        assertEquals(workspace + "\nprivate\n", run.out(), run::toString);
        assertEquals("kept\n", Files.readString(workspace.resolve("kept.txt")), "the write did not reach the workspace");
        assertFalse(Files.exists(privateFile), "a write to the private /tmp reached the host's");
    }
}
