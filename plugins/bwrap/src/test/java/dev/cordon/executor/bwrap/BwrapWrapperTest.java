package dev.cordon.executor.bwrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.cordon.executor.bwrap.BwrapWrapper.Parent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BwrapWrapperTest {

    private static final BwrapRunFiles FILES = new BwrapRunFiles(Path.of("/run/x/options"),
            Path.of("/run/x/seccomp.bpf"), Path.of("/run/x/status.json"));

    @Test
    void passesEveryPathAsAParameterAndStartsBwrapWithItsDescriptors() {
        List<String> argv = BwrapWrapper.argv(FILES, BwrapRlimits.NONE, Parent.EXEC, Path.of("/usr/bin/bwrap"),
                List.of("--", "echo", "$(x)"));

        assertEquals(List.of("/bin/sh", "-c",
                "a=$1 s=$2 t=$3; shift 3; ulimit -c 0 || exit 125; exec \"$@\" 4<\"$a\" 3<\"$s\" 5>\"$t\"",
                "sh", "/run/x/options", "/run/x/seccomp.bpf", "/run/x/status.json",
                "/usr/bin/bwrap", "--args", "4", "--", "echo", "$(x)"), argv);
    }

    @Test
    void theScriptIsTheSameShellWhateverThePaths() throws Exception {
        // Paths with shell syntax reach the shell as data, never as code.
        Path odd = Files.createTempDirectory("cordon wrapper $(touch pwned) ';'");
        try {
            Path options = Files.writeString(odd.resolve("a `b`"), "options");
            Path seccomp = Files.writeString(odd.resolve("$HOME"), "seccomp");
            Path status = odd.resolve("status \"quoted\"");
            BwrapRunFiles files = new BwrapRunFiles(options, seccomp, status);
            // Stands in for bwrap: reads the descriptors the wrapper opened for it.
            Path fakeBwrap = Files.writeString(odd.resolve("fake bwrap"),
                    "#!/bin/sh\n[ \"$1 $2 $3\" = '--args 4 --' ] || exit 9\ncat <&4; cat <&3; echo written >&5\n");
            fakeBwrap.toFile().setExecutable(true);
            Process shell = new ProcessBuilder(BwrapWrapper.argv(files, BwrapRlimits.NONE, Parent.WAIT, fakeBwrap, List.of("--")))
                    .directory(odd.toFile()).start();

            assertEquals("optionsseccomp", new String(shell.getInputStream().readAllBytes()));
            assertEquals(0, shell.waitFor());
            assertEquals("written\n", Files.readString(status));
            assertFalse(Files.exists(odd.resolve("pwned")));
        } finally {
            try (var entries = Files.list(odd)) {
                for (Path entry : entries.toList()) {
                    Files.delete(entry);
                }
            }
            Files.delete(odd);
        }
    }

    @Test
    void staysAsBwrapsParentWhenTheStartingThreadMayEnd() {
        assertEquals("a=$1 s=$2 t=$3; shift 3; ulimit -c 0 || exit 125; \"$@\" 4<\"$a\" 3<\"$s\" 5>\"$t\"",
                BwrapWrapper.script(BwrapRlimits.NONE, Parent.WAIT));
    }
}
