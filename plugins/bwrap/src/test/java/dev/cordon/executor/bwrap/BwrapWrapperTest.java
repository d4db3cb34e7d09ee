package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.executor.bwrap.BwrapWrapper.MemoryEnforcement;
import dev.cordon.executor.bwrap.BwrapWrapper.Rlimits;
import dev.cordon.spi.Limits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BwrapWrapperTest {

    private static final BwrapRunFiles FILES = new BwrapRunFiles(Path.of("/run/x"), Path.of("/run/x/options"),
            Path.of("/run/x/seccomp.bpf"), Path.of("/run/x/status.json"));

    @Test
    void passesEveryPathAsAParameterAndStartsBwrapWithItsDescriptors() {
        List<String> argv = BwrapWrapper.argv(FILES, List.of(Path.of("/sys/fs/cgroup/pids/r/cgroup.procs")),
                Rlimits.NONE, Path.of("/usr/bin/bwrap"), List.of("--", "echo", "$(x)"));

        assertEquals(List.of("/bin/sh", "-c",
                "a=$1 s=$2 t=$3; shift 3; echo $$ >\"$1\" || exit 125; shift; ulimit -c 0 || exit 125; "
                        + "\"$@\" 4<\"$a\" 3<\"$s\" 5>\"$t\"",
                "sh", "/run/x/options", "/run/x/seccomp.bpf", "/run/x/status.json", "/sys/fs/cgroup/pids/r/cgroup.procs",
                "/usr/bin/bwrap", "--args", "4", "--", "echo", "$(x)"), argv);
    }

    @Test
    void setsRlimitsInPosixUnitsRoundingDown() {
        Rlimits rlimits = Rlimits.of(new Limits(10, 1 << 30, 7, 1000), MemoryEnforcement.ADDRESS_SPACE);

        assertEquals(List.of("ulimit -c 0", "ulimit -S -t 7", "ulimit -H -t 8", "ulimit -f 1", "ulimit -v 1048576"),
                rlimits.ulimitCommands());
    }

    @Test
    void leavesTheAddressSpaceAloneWhenACgroupBoundsMemory() {
        Rlimits rlimits = Rlimits.of(new Limits(10, 1 << 30, 0, 0), MemoryEnforcement.CGROUP);

        assertEquals(List.of("ulimit -c 0"), rlimits.ulimitCommands());
    }
}
