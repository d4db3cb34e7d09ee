package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.executor.bwrap.BwrapRlimits.MemoryEnforcement;
import dev.cordon.spi.Limits;
import java.util.List;
import org.junit.jupiter.api.Test;

class BwrapRlimitsTest {

    @Test
    void setsRlimitsInPosixUnitsRoundingDown() {
        BwrapRlimits rlimits = BwrapRlimits.of(new Limits(10, 1 << 30, 7, 1000), MemoryEnforcement.ADDRESS_SPACE);

        assertEquals(List.of("ulimit -c 0", "ulimit -S -t 7", "ulimit -H -t 8", "ulimit -f 1", "ulimit -v 1048576"),
                rlimits.ulimitCommands());
    }

    @Test
    void leavesTheAddressSpaceAloneWhenACgroupBoundsMemory() {
        BwrapRlimits rlimits = BwrapRlimits.of(new Limits(10, 1 << 30, 0, 0), MemoryEnforcement.CGROUP);

        assertEquals(List.of("ulimit -c 0"), rlimits.ulimitCommands());
    }

    @Test
    void onlyCoreDumpsOffIsNoLimitAtAll() {
        assertEquals(false, BwrapRlimits.of(new Limits(10, 1 << 30, 0, 0), MemoryEnforcement.CGROUP).any());
        assertEquals(true, BwrapRlimits.of(new Limits(0, 0, 0, 512), MemoryEnforcement.CGROUP).any());
    }
}
