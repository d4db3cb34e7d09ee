package dev.cordon.executor.seatbelt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.spi.Capability;
import dev.cordon.spi.Promise;
import dev.cordon.spi.Guarantee;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecResult;
import dev.cordon.spi.Executor;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import dev.cordon.spi.OutputListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What can be checked on any machine: the executor refuses to run off macOS, and the argv it
 * starts — through a stand-in {@code sandbox-exec} that records its arguments and runs the
 * command — carries the request's environment, exit status and rlimits.
 */
class SeatbeltExecutorTest {

    @TempDir
    Path scratch;

    @Test
    void isFoundByTheServiceLoaderAndClaimsFilesAndNetworkOnly() {
        assertTrue(ServiceLoader.load(Executor.class).stream().anyMatch(p -> p.type() == SeatbeltExecutor.class));
        SeatbeltExecutor executor = new SeatbeltExecutor();
        assertEquals("seatbelt", executor.id());
        assertEquals(100, executor.priority());
        assertEquals(Set.of(Capability.WRITE_ISOLATION, Capability.READ_ISOLATION, Capability.NETWORK_ISOLATION),
                executor.capabilities());
    }

    @Test
    void saysWhatTheProfileKeepsAndWhatItLeavesToThePolicyLayer() {
        Confinement confinement = request(List.of("true"), new Limits(8, 1L << 30, 7, 1L << 20)).confinement();
        List<Guarantee> answers = new SeatbeltExecutor().guarantees(confinement);
        assertEquals(Promise.madeBy(confinement), answers.stream().map(Guarantee::promise).toList());
        assertEquals(List.of(Promise.PRIVATE_TEMP, Promise.PROCESS_TREE, Promise.PROCESSES, Promise.MEMORY),
                answers.stream().filter(g -> !g.byKernel()).map(Guarantee::promise).toList());
    }

    @Test
    void refusesToRunOffMacOs() {
        SeatbeltExecutor executor = new SeatbeltExecutor(new SeatbeltHost("Linux", SeatbeltHost.SANDBOX_EXEC));
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> executor.execute(request(List.of("true"), Limits.NONE), OutputListener.NONE));
        assertEquals("seatbelt needs macOS (`sandbox-exec`); this machine runs `Linux`", error.getMessage());
    }

    @Test
    void theStartedArgvCarriesTheProfileTheEnvironmentAndTheRlimits() throws Exception {
        Path recorded = scratch.resolve("args");
        Path fake = scratch.resolve("sandbox-exec");
        Files.writeString(fake, "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" + recorded + "'\nshift 2\nexec \"$@\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwx------"));
        SeatbeltExecutor executor = new SeatbeltExecutor(new SeatbeltHost("Mac OS X", fake));
        ExecResult result = executor.execute(request(List.of("/bin/sh", "-c", "ulimit -t; ulimit -f; echo \"$ONLY\"; exit 3"),
                new Limits(8, 1L << 30, 7, 1L << 20)), OutputListener.NONE);
        assertEquals("7\n2048\nthis\n", result.stdout());
        assertEquals(3, result.exitCode());
        assertEquals("seatbelt", result.executor());
        assertEquals(List.of("seatbelt executor: memory limit not enforced (macOS ignores address-space rlimits)",
                "seatbelt executor: process limit not enforced (the macOS process rlimit counts every process of the user)"),
                result.notes());
        List<String> args = Files.readAllLines(recorded);
        assertEquals("-p", args.get(0));
        assertEquals("(version 1)", args.get(1));
        assertEquals(List.of("/bin/sh", "-c", "ulimit -t; ulimit -f; echo \"$ONLY\"; exit 3"), args.subList(args.size() - 3, args.size()));
    }

    private ExecRequest request(List<String> argv, Limits limits) {
        Confinement confinement = new Confinement(scratch, List.of(Path.of("/usr"), Path.of("/bin")), List.of(scratch),
                List.of(), List.of(), NetworkPolicy.NONE, limits);
        return new ExecRequest("seatbelt-test", argv, scratch, Map.of("ONLY", "this", "PATH", "/usr/bin:/bin"), confinement,
                Duration.ofSeconds(20), 1 << 16);
    }
}
