package dev.cordon.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkspaceDiskTest {

    private static final List<String> MOUNTS = List.of(
            "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard",
            "40 27 254:1 / /srv rw,relatime - xfs /dev/vdb rw,attr2,inode64,prjquota",
            "41 27 0:30 / /tmp rw - tmpfs tmpfs rw,size=1024k");

    @Test
    void saysWhyTheWorkspaceIsNotBoundedOnEachKindOfFileSystem() {
        assertEquals("not bounded: `/` (ext4 on /dev/vda) is not mounted with project quotas; only each file's size "
                + "(file_size_mb) is limited", WorkspaceDisk.describe(Path.of("/home/dev/project"), MOUNTS));
        assertEquals("not bounded: `/srv` (xfs on /dev/vdb) allows a project quota, but cordon does not set one; only each "
                + "file's size (file_size_mb) is limited", WorkspaceDisk.describe(Path.of("/srv/project"), MOUNTS));
        assertEquals("not bounded beyond the size of `/tmp` (tmpfs on tmpfs); only each file's size (file_size_mb) is "
                + "limited", WorkspaceDisk.describe(Path.of("/tmp/x"), MOUNTS));
    }
}
