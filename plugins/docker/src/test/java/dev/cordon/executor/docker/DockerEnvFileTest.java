package dev.cordon.executor.docker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.ExecutorException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DockerEnvFileTest {

    @Test
    void exactlyTheRequestsVariablesOneLineEachSorted() throws Exception {
        assertEquals("HOME=/home/me\nLANG=C.UTF-8\nPATH=/usr/bin:/bin\nQUOTED=a \"b\" 'c' $d = e \n",
                DockerEnvFile.render(Map.of("PATH", "/usr/bin:/bin", "HOME", "/home/me", "LANG", "C.UTF-8",
                        "QUOTED", "a \"b\" 'c' $d = e ")));
        assertEquals("", DockerEnvFile.render(Map.of()));
    }

    @Test
    void aValueWithALineBreakIsRefused() {
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> DockerEnvFile.render(Map.of("CERT", "line1\nEVIL=1")));
        assertEquals("environment variable `CERT` holds a line break, which docker's environment file cannot carry",
                error.getMessage());
        assertThrows(ExecutorException.class, () -> DockerEnvFile.render(Map.of("X", "a\rb")));
    }

    @Test
    void aNameDockerWouldMisreadIsRefused() {
        for (String name : new String[] {"#COMMENT", "A B", "A=B", ""}) {
            ExecutorException error = assertThrows(ExecutorException.class, () -> DockerEnvFile.render(Map.of(name, "v")));
            assertEquals("environment variable name `" + name + "` cannot be passed to docker", error.getMessage());
        }
    }
}
