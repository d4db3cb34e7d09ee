package dev.cordon.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CgroupLayoutTest {

    @Test
    void readsAHybridHost() {
        List<String> mountinfo = List.of(
                "30 24 0:26 / /sys/fs/cgroup ro,nosuid,nodev,noexec - tmpfs tmpfs ro,mode=755",
                "35 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
                "36 30 0:32 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids",
                "37 30 0:33 / /sys/fs/cgroup/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct",
                "38 30 0:34 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");
        List<String> cgroup = List.of("8:pids:/", "4:memory:/jobs/a1", "2:cpu,cpuacct:/", "0::/");
        CgroupLayout layout = CgroupLayout.parse(mountinfo, cgroup);
        assertEquals(Map.of(
                "pids", Path.of("/sys/fs/cgroup/pids"),
                "memory", Path.of("/sys/fs/cgroup/memory/jobs/a1"),
                "cpu", Path.of("/sys/fs/cgroup/cpu,cpuacct"),
                "cpuacct", Path.of("/sys/fs/cgroup/cpu,cpuacct")), layout.v1());
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/unified")), layout.v2());
    }

    @Test
    void readsAUnifiedHost() {
        List<String> mountinfo = List.of("29 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate");
        List<String> cgroup = List.of("0::/user.slice/user-1000.slice/session-2.scope");
        CgroupLayout layout = CgroupLayout.parse(mountinfo, cgroup);
        assertEquals(Map.of(), layout.v1());
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/user.slice/user-1000.slice/session-2.scope")), layout.v2());
    }

    @Test
    void readsAContainerWhoseMountRootIsItsOwnCgroup() {
        List<String> mountinfo = List.of("700 690 0:26 /docker/abc /sys/fs/cgroup ro - cgroup2 cgroup2 rw");
        List<String> cgroup = List.of("0::/docker/abc/app");
        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/app")), CgroupLayout.parse(mountinfo, cgroup).v2());
    }

    @Test
    void readsNothingWithoutCgroups() {
        CgroupLayout layout = CgroupLayout.parse(List.of("22 1 8:1 / / rw - ext4 /dev/sda1 rw"), List.of());
        assertEquals(new CgroupLayout(Map.of(), Optional.empty()), layout);
    }
}
