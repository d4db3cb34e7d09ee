package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classes of escape the policy layer cannot see coming, tried through {@code cordon run}
 * under each Linux executor by a script the policy allows, every effect checked from outside:
 * secrets in the workspace, metadata outside the write roots, hooks and agent settings written by
 * a child process, files left in the shared temp folders.
 */
class KernelHolesIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SECRET = "kernel-holes-secret";

    @TempDir
    Path temp;

    @ParameterizedTest
    @ValueSource(strings = {"bwrap", "landlock"})
    void aScriptThePolicyAllowsCannotReachWhatTheProfileProtects(String executor) throws Exception {
        Cordon cordon = new Cordon(temp.resolve("home"));
        assumeAvailable(cordon, executor);
        Path workspace = Files.createDirectories(temp.resolve("project/.git/hooks")).getParent().getParent();
        Files.writeString(workspace.resolve(".env"), "API_KEY=" + SECRET + "\n");
        Files.writeString(Files.createDirectories(workspace.resolve("certs")).resolve("server.pem"), SECRET + "\n");
        Path profile = Files.writeString(cordon.home().resolve(".profile"), "# mine\n");
        Files.setPosixFilePermissions(profile, PosixFilePermissions.fromString("rw-------"));
        String marker = "cordon-it-" + System.nanoTime();
        // Names are put together at run time, so that nothing in the command line gives them away.
        Files.writeString(workspace.resolve("build.sh"), String.join("\n",
                "e=.en; cat ${e}v; p=certs/server.p; cat ${p}em",
                "h=$HOME/.prof; chmod 666 ${h}ile; touch -d 2001-01-01 ${h}ile",
                "perl -e 'open(my $f, q(>), q(.git/hooks/pre-commit)) or warn qq(.git/hooks/pre-commit: $!\\n)'",
                "perl -e 'mkdir q(.claude); open(my $f, q(>), q(.claude/settings.json)) or warn qq(.claude/settings.json: $!\\n)'",
                "for d in /tmp /var/tmp /dev/shm; do echo x > $d/" + marker + "; done 2>/dev/null",
                "echo built > out.txt; chmod +x build.sh && echo done", ""));

        Cordon.Result result = cordon.run(workspace, "run", "--json", "--executor", executor, "--", "sh", "build.sh");

        JsonNode json = JSON.readTree(result.out());
        assertEquals(executor, json.get("executor").asText(), result::toString);
        assertTrue(json.get("ran").asBoolean(), result::toString);
        assertEquals("done\n", json.get("stdout").asText(), result::toString);
        assertFalse(result.out().contains(SECRET), "a secret reached the output: " + result);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(profile)));
        assertFalse(Files.exists(workspace.resolve(".git/hooks/pre-commit")), "a hook was planted");
        assertFalse(Files.exists(workspace.resolve(".claude")), "agent settings were planted");
        for (String shared : List.of("/tmp", "/var/tmp", "/dev/shm")) {
            assertFalse(Files.exists(Path.of(shared, marker)), "a file was left in " + shared);
        }
        assertEquals("built\n", Files.readString(workspace.resolve("out.txt")));
        assertTrue(Files.isExecutable(workspace.resolve("build.sh")));
        assertEquals(0, json.get("enforcement").get("policy").size(), result::toString);
        List<String> kinds = new ArrayList<>();
        json.get("violations").forEach(v -> kinds.add(v.get("kind").asText()));
        assertTrue(kinds.contains("FILE_READ") && kinds.contains("FILE_WRITE"), result::toString);
    }

    /**
     * As an unprivileged user, landlock has no mount namespace: it says which promises it leaves
     * to the policy layer, is refused for them under {@code enforce: strict}, and runs under
     * {@code best-effort} with the gaps listed in the result, where the secret stays hidden.
     */
    @org.junit.jupiter.api.Test
    void asAnUnprivilegedUserLandlockNamesItsGapsAndFailsClosed() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root to drop to nobody");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "setpriv (util-linux) is not installed");
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Cordon cordon = new Cordon(temp.resolve("home"));
        Path workspace = Files.createDirectories(temp.resolve("project"));
        Files.writeString(workspace.resolve(".env"), "API_KEY=" + SECRET + "\n");
        Files.writeString(workspace.resolve("read.sh"), "e=.en; cat ${e}v; echo x > \"$TMPDIR/left\"; echo \"$TMPDIR\" > out/tmpdir.txt; "
                + "echo x > /tmp/kernel-holes-it-" + ProcessHandle.current().pid() + "; echo done\n");
        // Not at the workspace root: without a mount namespace the `.env` there is carved out of the
        // rules, so no new entry can be made next to it.
        Files.createDirectories(workspace.resolve("out"));
        chownToNobody(temp);

        Cordon.Result strict = asNobody(cordon, workspace, "run", "--executor", "landlock", "--", "sh", "read.sh");
        assertEquals(126, strict.code(), strict::toString);
        assertTrue(strict.err().contains("metadata (needs a mount namespace"), strict::toString);

        Files.createDirectories(cordon.home().resolve(".config/cordon"));
        Files.writeString(cordon.home().resolve(".config/cordon/config.yaml"), String.join("\n", "executor: landlock",
                "enforce: best-effort", "resources:", "  max_processes: 0", "  memory_mb: 0", "  cpu_percent: 0",
                "  tmp_mb: 0", ""));
        chownToNobody(temp);
        Cordon.Result bestEffort = asNobody(cordon, workspace, "run", "--json", "--", "sh", "read.sh");
        JsonNode json = JSON.readTree(bestEffort.out());
        assertEquals("done\n", json.get("stdout").asText(), bestEffort::toString);
        assertFalse(bestEffort.out().contains(SECRET), bestEffort::toString);
        List<String> gaps = new ArrayList<>();
        json.get("enforcement").get("policy").forEach(g -> gaps.add(g.get("promise").asText()));
        assertTrue(gaps.containsAll(List.of("metadata", "protected-paths")), gaps::toString);
        assertTrue(json.get("warnings").toString().contains("(enforce: best-effort)"), bestEffort::toString);
        // Without a mount namespace the private temp is a fresh folder, removed afterwards, and the
        // shared /tmp is not writable at all.
        Path tmpdir = Path.of(Files.readString(workspace.resolve("out/tmpdir.txt")).strip());
        assertTrue(tmpdir.getFileName().toString().startsWith("cordon-run-"), tmpdir::toString);
        assertFalse(Files.exists(tmpdir), "the run's temp folder was left behind");
        assertFalse(Files.exists(Path.of("/tmp/kernel-holes-it-" + ProcessHandle.current().pid())));
    }

    private static Cordon.Result asNobody(Cordon cordon, Path cwd, String... args) throws Exception {
        List<String> wrapped = new ArrayList<>(List.of("--reuid=65534", "--regid=65534", "--clear-groups",
                "--inh-caps=-all", "--bounding-set=-all"));
        return cordon.runAs(List.of("/usr/bin/setpriv"), wrapped, cwd, args);
    }

    private static void chownToNobody(Path root) throws Exception {
        Process chown = new ProcessBuilder("chown", "-R", "65534:65534", root.toString()).inheritIO().start();
        assertEquals(0, chown.waitFor());
    }

    private static void assumeAvailable(Cordon cordon, String executor) throws Exception {
        Cordon.Result status = cordon.run(cordon.home(), "sandbox", "status", "--json");
        JsonNode json = JSON.readTree(status.out());
        boolean available = false;
        for (JsonNode node : json.get("executors")) {
            available |= node.get("id").asText().equals(executor) && node.get("available").asBoolean();
        }
        assumeTrue(available, executor + " is unavailable here");
    }
}
