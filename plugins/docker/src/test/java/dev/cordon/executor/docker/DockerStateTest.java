package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DockerStateTest {

    @TempDir
    Path temp;

    @Test
    void readsWhatDockerRecorded() throws Exception {
        assertEquals(new DockerState(false, ""), DockerState.parse("false \"\""));
        assertEquals(new DockerState(true, ""), DockerState.parse("true \"\""));
        assertEquals(new DockerState(false, "exec: \"nosuch\": executable file not found in $PATH \u00e9"),
                DockerState.parse("false \"exec: \\\"nosuch\\\": executable file not found in $PATH \\u00e9\""));
        assertThrows(IOException.class, () -> DockerState.parse("<no value>"));
    }

    @Test
    void findsTheProcessCounterOfEitherCgroupVersion() throws Exception {
        Path root = Path.of("/sys/fs/cgroup");
        assertEquals(Optional.of(root.resolve("pids/docker/abc/pids.events")),
                DockerCgroupEvents.path("12:memory:/docker/abc\n8:pids:/docker/abc\n1:name=systemd:/docker/abc\n", root));
        assertEquals(Optional.of(root.resolve("system.slice/docker-abc.scope/pids.events")),
                DockerCgroupEvents.path("0::/system.slice/docker-abc.scope\n", root));
        assertEquals(Optional.empty(), DockerCgroupEvents.path("3:cpu:/docker/abc\n", root));
    }

    @Test
    void aRefusedForkShowsInTheCounter() throws Exception {
        assertEquals(false, DockerCgroupEvents.limitHit(Files.writeString(temp.resolve("a"), "max 0\n")));
        assertEquals(true, DockerCgroupEvents.limitHit(Files.writeString(temp.resolve("b"), "max 17\n")));
        assertEquals(false, DockerCgroupEvents.limitHit(temp.resolve("gone")));
    }
}
