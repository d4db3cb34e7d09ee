package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
    void theProcessCounterIsLookedForInEveryCommonLayout() throws Exception {
        List<Path> candidates = DockerCgroupEvents.candidates(temp, "abc");
        assertEquals(List.of(temp.resolve("pids/docker/abc/pids.events"),
                temp.resolve("pids/system.slice/docker-abc.scope/pids.events"),
                temp.resolve("system.slice/docker-abc.scope/pids.events"), temp.resolve("docker/abc/pids.events")), candidates);
        assertEquals(Optional.empty(), DockerCgroupEvents.find(candidates));
        Path v2 = Files.createDirectories(temp.resolve("system.slice/docker-abc.scope")).resolve("pids.events");
        Files.writeString(v2, "max 0\n");
        assertEquals(Optional.of(v2), DockerCgroupEvents.find(candidates));
    }

    @Test
    void aRefusedForkShowsInTheCounter() throws Exception {
        assertEquals(false, DockerCgroupEvents.limitHit(Files.writeString(temp.resolve("a"), "max 0\n")));
        assertEquals(true, DockerCgroupEvents.limitHit(Files.writeString(temp.resolve("b"), "max 17\n")));
        assertEquals(false, DockerCgroupEvents.limitHit(temp.resolve("gone")));
    }
}
