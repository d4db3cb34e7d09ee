package dev.cordon.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HiddenFilesTest {

    @TempDir
    Path temp;

    @Test
    void findsMatchesAnywhereInTheWorkspaceAndHidesAMatchingDirectoryWhole() throws Exception {
        Path ws = temp.toRealPath();
        Path env = Files.writeString(ws.resolve(".env"), "");
        Path deep = Files.writeString(Files.createDirectories(ws.resolve("a/b")).resolve("server.pem"), "");
        Path secrets = Files.createDirectories(ws.resolve("deploy/secrets"));
        Files.writeString(secrets.resolve(".env.prod"), "");
        Files.writeString(ws.resolve("a/notes.txt"), "");

        HiddenFiles.Scan scan = HiddenFiles.scan(ws, List.of("**/.env", "**/.env.*", "**/*.pem", "**/secrets"));

        assertEquals(java.util.Set.of(env, deep, secrets), java.util.Set.copyOf(scan.paths()));
        assertEquals(3, scan.paths().size(), "nothing inside a hidden directory is listed on its own");
        assertEquals(Optional.empty(), scan.incomplete());
    }

    @Test
    void aWorkspaceTooLargeToCheckSaysSo() throws Exception {
        Path ws = temp.toRealPath();
        for (int i = 0; i < 20; i++) {
            Files.writeString(ws.resolve("f" + i), "");
        }

        HiddenFiles.Scan scan = HiddenFiles.scan(ws, List.of("**/.env"), 10);

        assertTrue(scan.incomplete().orElseThrow().startsWith("the workspace has more than 10 entries"), scan.toString());
    }

    @Test
    void noPatternsMeansNoWalk() {
        assertEquals(HiddenFiles.NOTHING, HiddenFiles.scan(temp, List.of()));
    }
}
