package dev.cordon.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.audit.ChildJvm;
import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StandingApprovalsTest {

    private static final Instant ADDED = Instant.parse("2025-01-31T12:00:00.123Z");

    @TempDir
    Path dir;

    @Test
    void theUsersFileIsInTheirConfigDir() {
        assertEquals(Path.of("/c/approvals.yaml"),
                StandingApprovals.userFile(Map.of("CORDON_CONFIG_DIR", "/c", "XDG_CONFIG_HOME", "/x/cfg", "HOME", "/home/me")));
        assertEquals(Path.of("/x/cfg/cordon/approvals.yaml"),
                StandingApprovals.userFile(Map.of("XDG_CONFIG_HOME", "/x/cfg", "HOME", "/home/me")));
        assertEquals(Path.of("/home/me/.config/cordon/approvals.yaml"), StandingApprovals.userFile(Map.of("HOME", "/home/me")));
        assertEquals(Path.of("/c/approvals.yaml"), StandingApprovals.inConfigDir(Path.of("/c")));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> StandingApprovals.userFile(Map.of()));
        assertEquals("cannot find the user config dir: none of `CORDON_CONFIG_DIR`, `XDG_CONFIG_HOME` and `HOME` is set",
                e.getMessage());
    }

    @Test
    void aMissingOrEmptyFileHasNoApprovals() throws IOException {
        assertEquals(List.of(), StandingApprovals.load(dir.resolve("approvals.yaml")));
        Files.writeString(dir.resolve("empty.yaml"), "# nothing yet\n");
        assertEquals(List.of(), StandingApprovals.load(dir.resolve("empty.yaml")));
    }

    @Test
    void appendWritesAReviewableEntryThatLoadsBackWithItsLine() throws IOException {
        Path file = dir.resolve("cfg/cordon/approvals.yaml");

        StandingApproval added = StandingApprovals.append(file, new ApprovalKey("bash", List.of("npm", "test")), ADDED);

        assertEquals(new StandingApproval("approved.bash.npm-test", "bash", List.of("npm", "test"),
                new Provenance(Provenance.Layer.APPROVAL, file.toString(), 8, 3)), added);
        assertEquals(StandingApprovals.HEADER + """

                # 2025-01-31: "always" for bash `npm test`
                - id: approved.bash.npm-test
                  tool: "bash"
                  prefix: ["npm", "test"]
                  added: 2025-01-31T12:00:00Z
                """, Files.readString(file));
        assertEquals(List.of(added), StandingApprovals.load(file));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
    }

    @Test
    void oneEntryPerToolAndPrefixAndIdsStayUnique() throws IOException {
        Path file = dir.resolve("approvals.yaml");
        StandingApproval first = StandingApprovals.append(file, new ApprovalKey("bash", List.of("npm", "test")), ADDED);
        String before = Files.readString(file);

        assertEquals(first, StandingApprovals.append(file, new ApprovalKey("bash", List.of("npm", "test")), ADDED));
        assertEquals(before, Files.readString(file));

        StandingApproval other = StandingApprovals.append(file, new ApprovalKey("bash", List.of("npm-test")), ADDED);
        StandingApproval write = StandingApprovals.append(file, new ApprovalKey("write_file", List.of()), ADDED);
        assertEquals("approved.bash.npm-test-2", other.id());
        assertEquals("approved.write-file", write.id());
        assertEquals(List.of(first, other, write), StandingApprovals.load(file));
    }

    @Test
    void appendKeepsWhatTheUserWroteAndLeavesNoTemporaryFiles() throws IOException {
        Path file = dir.resolve("approvals.yaml");
        String mine = """
                # my approvals, reviewed 2025-01
                - id: mine.git-status
                  tool: bash
                  prefix: [git, status]   # harmless
                """;
        Files.writeString(file, mine.strip()); // no final line break
        StandingApprovals.append(file, new ApprovalKey("bash", List.of("cargo", "test")), ADDED);

        String text = Files.readString(file);
        assertTrue(text.startsWith(mine), text);
        assertEquals(List.of("mine.git-status", "approved.bash.cargo-test"),
                StandingApprovals.load(file).stream().map(StandingApproval::id).toList());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(".approvals.yaml.lock", "approvals.yaml"),
                    files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList()));
        }
    }

    @Test
    void aMalformedFileIsRefusedWithFileLineAndColumnAndLeftAlone() throws IOException {
        Path file = dir.resolve("approvals.yaml");
        String text = """
                - id: Bad Id
                  tool: bash
                  prefix: []
                - id: ok.one
                  tool: bash
                  prefix: [git, push]
                - id: ok.one
                  tool: read_file
                  colour: red
                - tool: bash
                  prefix: "npm test"
                - id: ok.two
                  tool: bash
                  prefix: [git, "two words"]
                  added: yesterday
                - id: ok.three
                  tool: bash
                  prefix: [git, status]
                - id: ok.four
                  tool: bash
                  prefix: [git, status]
                - just a string
                """;
        Files.writeString(file, text);

        PolicyException e = assertThrows(PolicyException.class, () -> StandingApprovals.load(file));

        String f = file.toString();
        assertEquals(List.of(
                new Problem(f, 1, 7, "invalid approval id `Bad Id`: use lower-case letters, digits, `.`, `-` and `_`"),
                new Problem(f, 3, 11, "empty prefix for shell tool `bash` would approve every command"),
                new Problem(f, 9, 3, "unknown key `colour` in approval entry; expected `id`, `tool`, `prefix` or `added`"),
                new Problem(f, 7, 3, "approval entry misses `prefix` (use `[]` for a file tool)"),
                new Problem(f, 10, 3, "approval entry misses `id`"),
                new Problem(f, 11, 11, "`prefix` must be a list of words, e.g. `[npm, test]`"),
                new Problem(f, 14, 17, "`prefix` entries must be single words"),
                new Problem(f, 15, 10, "invalid `added` time `yesterday`: expected ISO-8601 in UTC, e.g. `2025-01-31T12:00:00Z`"),
                new Problem(f, 19, 3, "duplicate approval for `bash` `git status` (first at line 16)"),
                new Problem(f, 22, 3, "expected an approval entry with `id`, `tool` and `prefix`")),
                e.problems());
        assertEquals(f + ":1:7: invalid approval id `Bad Id`: use lower-case letters, digits, `.`, `-` and `_`",
                e.getMessage().lines().findFirst().orElseThrow());

        assertThrows(PolicyException.class,
                () -> StandingApprovals.append(file, new ApprovalKey("bash", List.of("ls")), ADDED));
        assertEquals(text, Files.readString(file));
    }

    @Test
    void yamlSyntaxErrorsAndOtherShapesAreRefused() throws IOException {
        assertProblem("- id: [x\n", 2, 1, "malformed yaml: ");
        assertProblem("approvals:\n  - id: x\n", 1, 1, "expected a list of approvals (`- id: …`)");
        assertProblem("- id: a\n  tool: bash\n  prefix: [ls]\n---\n- id: b\n", 4, 1,
                "malformed yaml: expected a single document in the stream, but found another document");
        assertProblem("- id: a\n  id: b\n  tool: bash\n  prefix: [ls]\n", 2, 3, "duplicate key `id`");
    }

    @Test
    void aDuplicateIdIsReportedWithTheFirstOne() throws IOException {
        assertProblem("- id: a\n  tool: bash\n  prefix: [ls]\n- id: a\n  tool: read_file\n  prefix: []\n", 4, 3,
                "duplicate approval id `a` (first at line 1)");
    }

    @Test
    void aFileThatCannotBeAppendedToIsNotRewritten() throws IOException {
        Path file = dir.resolve("approvals.yaml");
        String flow = "[{id: a, tool: bash, prefix: [ls]}]\n";
        Files.writeString(file, flow);
        PolicyException e = assertThrows(PolicyException.class,
                () -> StandingApprovals.append(file, new ApprovalKey("bash", List.of("make")), ADDED));
        assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
        assertEquals(flow, Files.readString(file));
    }

    @Test
    void aShellApprovalWithoutPrefixIsNeverWritten() {
        assertThrows(IllegalArgumentException.class,
                () -> StandingApprovals.append(dir.resolve("a.yaml"), new ApprovalKey("bash", List.of()), ADDED));
    }

    @Test
    void concurrentProcessesAppendWithoutLosingOrDuplicatingEntries() throws Exception {
        Path file = dir.resolve("approvals.yaml");
        List<Process> processes = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            // each process adds five of its own and one that all of them add
            processes.add(new ProcessBuilder(ChildJvm.command(StandingApprovalWriterMain.class, file.toString(), "p" + p, "5"))
                    .redirectErrorStream(true).redirectOutput(dir.resolve("p" + p + ".out").toFile()).start());
        }
        for (Process process : processes) {
            assertTrue(process.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, process.exitValue());
        }
        List<StandingApproval> approvals = StandingApprovals.load(file);
        assertEquals(4 * 5 + 1, approvals.size());
        assertEquals(1, approvals.stream().filter(a -> a.prefix().equals(List.of("git", "status"))).count());
    }

    private void assertProblem(String text, int line, int column, String messageStart) throws IOException {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, text);
        PolicyException e = assertThrows(PolicyException.class, () -> StandingApprovals.load(file));
        Problem problem = e.problems().get(0);
        assertEquals(List.of(file.toString(), line, column), List.of(problem.file(), problem.line(), problem.column()), text);
        assertTrue(problem.message().startsWith(messageStart), problem.message());
    }
}
