package dev.cordon.executor.wsl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.spi.ExecutorException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WslDistroFileTest {

    private static final String MINIMAL = """
            name: test-distro
            rootfs:
              url: file:///srv/rootfs.tar.gz
              sha256: 0000000000000000000000000000000000000000000000000000000000000000
            """;

    @Test
    void theShippedDefinitionReads() throws Exception {
        WslDistro distro = WslDistroFile.read(Path.of("").toAbsolutePath().resolve("../../distros/cordon-alpine.yaml").normalize());
        assertEquals("cordon-alpine", distro.name());
        assertEquals(URI.create("https://dl-cdn.alpinelinux.org/alpine/v3.23/releases/x86_64/alpine-minirootfs-3.23.0-x86_64.tar.gz"),
                distro.rootfs());
        assertEquals("ce8f782f1628d046fb6360eff880b898e5205ed91106d9d14ff4fcb97431bbde", distro.sha256());
        assertEquals(Optional.of("agent"), distro.user());
        assertEquals(3, distro.preInstall().size());
        assertEquals("adduser -D -h /home/agent -s /bin/sh agent", distro.preInstall().get(2));
        assertEquals(Optional.of("apk add --no-cache --quiet bash coreutils findutils grep git curl ca-certificates make build-base"
                + " python3 py3-pip nodejs npm"), distro.installCommand());
        assertEquals(true, distro.hint().startsWith("Commands run in Alpine Linux 3.23 (musl libc) inside WSL 2"));
    }

    @Test
    void aMinimalDefinitionHasDefaults() throws Exception {
        assertEquals(new WslDistro("test-distro", URI.create("file:///srv/rootfs.tar.gz"), "0".repeat(64), Optional.empty(),
                WslDistro.DEFAULT_PATH, List.of(), List.of(), "", ""), WslDistroFile.parse("d.yaml", MINIMAL));
    }

    @Test
    void mistakesAreRefusedWithTheirPlace() {
        assertError("d.yaml:5:1: unknown key `packges`; expected one of hint, name, package_install, packages, path,"
                + " pre_install, rootfs, user", MINIMAL + "packges: [git]\n");
        assertError("d.yaml:5:1: key `name` appears twice", MINIMAL + "name: other\n");
        assertError("d.yaml:1:1: missing key `rootfs`", "name: x\n");
        assertError("d.yaml:4:11: `sha256` must be 64 lower-case hex digits", MINIMAL.replace("0000000000000000000000000000000000000000000000000000000000000000", "ABC"));
        assertError("d.yaml:3:8: `url` must be an `https:` or `file:` URL, got `http://x/r.tgz`",
                MINIMAL.replace("file:///srv/rootfs.tar.gz", "http://x/r.tgz"));
        assertError("d.yaml:1:7: `name` must be letters, digits, `.`, `_` or `-` (at most 64), got `my distro`",
                MINIMAL.replace("test-distro", "my distro"));
        assertError("d.yaml:5:7: `user` must be a Linux user name, got `Root!`", MINIMAL + "user: Root!\n");
        assertError("d.yaml:6:5: `pre_install` commands cannot hold double quotes (they do not survive the Windows command"
                + " line); use single quotes", MINIMAL + "pre_install:\n  - echo \"hi\"\n");
        assertError("d.yaml:5:12: package name `git;rm` has characters a package name does not",
                MINIMAL + "packages: [git;rm]\npackage_install: apk add {packages}\n");
        assertError("d.yaml:1:1: missing key `package_install`", MINIMAL + "packages: [git]\n");
        assertError("d.yaml:6:18: `package_install` must contain `{packages}`", MINIMAL + "packages: [git]\npackage_install: apk add git\n");
        assertError("d.yaml:5:11: `packages` must be a list", MINIMAL + "packages: git\n");
        assertError("d.yaml:1:1: the distro file is empty", "# nothing\n");
    }

    @Test
    void brokenYamlIsRefusedWithItsPlace() {
        ExecutorException error = assertThrows(ExecutorException.class, () -> WslDistroFile.parse("d.yaml", "name: [x\nrootfs: y\n"));
        assertEquals(true, error.getMessage().startsWith("d.yaml:2:"), error.getMessage());
        assertEquals(true, error.getMessage().contains(": not valid YAML: "), error.getMessage());
    }

    private static void assertError(String message, String text) {
        ExecutorException error = assertThrows(ExecutorException.class, () -> WslDistroFile.parse("d.yaml", text));
        assertEquals(message, error.getMessage());
    }
}
