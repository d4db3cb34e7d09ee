package dev.cordon.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Children started with posix_spawn get what ProcessBuilder would give them, and nothing more. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NativeSpawnTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void available() {
        assumeTrue(NativeSpawn.unavailable().isEmpty(), () -> "no native spawn: " + NativeSpawn.unavailable().orElseThrow());
    }

    private static ProcessBuilder builder(String... argv) {
        return new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    }

    @Test
    void theChildGetsExactlyTheEnvironmentDirectoryAndStreams() throws Exception {
        ProcessBuilder builder = builder("sh", "-c", "env; pwd; echo oops >&2; read line; echo \"stdin:$line:\"; exit 3");
        builder.environment().clear();
        builder.environment().putAll(Map.of("ONLY", "this one", "PATH", "/usr/bin:/bin"));
        builder.directory(dir.toFile());
        Child child = Child.run(ThreadSetup.NONE, builder);
        assertEquals(3, child.exitCode());
        List<String> lines = child.stdout().lines().toList();
        assertTrue(lines.contains("ONLY=this one"), child.stdout());
        assertFalse(child.stdout().contains("JAVA_HOME="), "the JVM's environment leaked: " + child.stdout());
        assertTrue(lines.contains(dir.toRealPath().toString()), child.stdout());
        assertTrue(lines.contains("stdin::"), "standard input is the null device: " + child.stdout());
        assertEquals("oops\n", child.stderr());
    }

    @Test
    void noDescriptorOfTheJvmReachesTheChild() throws Exception {
        Path file = Files.writeString(dir.resolve("open"), "secret");
        try (RandomAccessFile open = new RandomAccessFile(file.toFile(), "r")) {
            // The shell lists its own descriptors (ls runs as its child, with the listing open).
            Child child = Child.run(ThreadSetup.NONE, builder("sh", "-c", "ls /proc/$$/fd"));
            assertEquals(0, child.exitCode(), child.stderr());
            assertEquals(List.of("0", "1", "2"), child.stdout().lines().sorted().toList());
        }
    }

    @Test
    void filesReachTheChildOnTheDescriptorsAskedFor() throws Exception {
        Path input = Files.writeString(dir.resolve("in"), "from descriptor three\n");
        try (MemFile options = MemFile.of("options", "from memory\n".getBytes(StandardCharsets.UTF_8));
                MemFile status = MemFile.create("status")) {
            ProcessBuilder builder = builder("sh", "-c", "cat <&3 >&5; cat <&4 >&5; ls /proc/$$/fd");
            Child child = Child.run(ThreadSetup.NONE, List.of(NativeSpawn.Inherited.opened(3, input, 0),
                    NativeSpawn.Inherited.duplicated(4, options), NativeSpawn.Inherited.duplicated(5, status)), builder);
            assertEquals(0, child.exitCode(), child.stderr());
            assertEquals("from descriptor three\nfrom memory\n", status.text());
            assertEquals(List.of("0", "1", "2", "3", "4", "5"), child.stdout().lines().sorted().toList(),
                    "only the standard streams and the files asked for");
        }
    }

    @Test
    void inheritedDescriptorsMustFollowTheStandardStreams() {
        assertThrows(IllegalArgumentException.class, () -> Spawner.start(builder("true"),
                List.of(NativeSpawn.Inherited.opened(4, dir, 0)), ThreadSetup.NONE));
    }

    @Test
    void exitValuesFollowTheJdk() throws Exception {
        assertEquals(0, Child.run(ThreadSetup.NONE, builder("true")).exitCode());
        assertEquals(137, Child.run(ThreadSetup.NONE, builder("sh", "-c", "kill -9 $$")).exitCode());
        assertEquals(143, Child.run(ThreadSetup.NONE, builder("sh", "-c", "kill -15 $$")).exitCode());
    }

    @Test
    void aMissingProgramFailsLikeTheJdk() {
        IOException failure = assertThrows(IOException.class,
                () -> Spawner.start(builder("cordon-no-such-program"), ThreadSetup.NONE));
        assertTrue(failure.getMessage().startsWith("Cannot run program \"cordon-no-such-program\": error=2, "),
                failure.getMessage());
    }

    @Test
    void aScriptWithoutAnInterpreterLineRunsInTheShell() throws Exception {
        Path script = dir.resolve("script");
        Files.writeString(script, "echo \"from the shell: $1\"\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        Child child = Child.run(ThreadSetup.NONE, builder(script.toString(), "argument"));
        assertEquals("from the shell: argument\n", child.stdout(), child.stderr());
    }

    @Test
    void aKillEndsTheChildAndTheSpawningThreadReapsIt() throws Exception {
        Process process = Spawner.start(builder("sleep", "60").redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD), ThreadSetup.NONE);
        assertTrue(process.isAlive());
        assertFalse(process.waitFor(50, TimeUnit.MILLISECONDS));
        process.toHandle().destroyForcibly();
        assertEquals(137, process.waitFor());
        assertFalse(process.isAlive());
        long pid = process.pid();
        assertFalse(Files.exists(Path.of("/proc", Long.toString(pid))) && zombie(pid), "left a zombie");
    }

    private static boolean zombie(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
            return stat.charAt(stat.lastIndexOf(')') + 2) == 'Z';
        } catch (IOException e) {
            return false;
        }
    }
}
