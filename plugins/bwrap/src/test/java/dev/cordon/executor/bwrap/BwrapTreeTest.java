package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BwrapTreeTest {

    @Test
    void killsTheReportedProcessOnlyWhileItIsInTheReportedNamespace() throws Exception {
        Process bystander = new ProcessBuilder("sleep", "30").start();
        try {
            long ownNamespace = namespace(bystander.pid());
            // A stale status whose pid now belongs to some other process of the host's namespace.
            BwrapTree stale = new BwrapTree(() -> status(bystander.pid(), ownNamespace + 1));
            stale.attach(bystander);
            stale.killAll();
            assertTrue(bystander.isAlive(), "a process outside the sandbox's namespace was killed");

            BwrapTree current = new BwrapTree(() -> status(bystander.pid(), ownNamespace));
            current.attach(bystander);
            current.killAll();
            assertTrue(bystander.waitFor(5, TimeUnit.SECONDS), "the sandbox's first process was not killed");
            assertEquals(137, bystander.exitValue());
        } finally {
            bystander.destroyForcibly();
        }
    }

    private static BwrapStatus status(long pid, long pidNamespace) {
        return new BwrapStatus(OptionalLong.of(pid), OptionalLong.empty(), OptionalLong.of(pidNamespace), OptionalInt.empty());
    }

    private static long namespace(long pid) throws Exception {
        String link = Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "ns", "pid")).toString();
        return Long.parseLong(link.substring(link.indexOf('[') + 1, link.indexOf(']')));
    }
}
