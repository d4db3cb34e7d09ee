package dev.cordon.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CommandPrefixTest {

    @Test
    void aPlainCommandIsRememberedByItsProgram() {
        assertEquals(Optional.of(List.of("ls")), CommandPrefix.of("ls -la src"));
        assertEquals(Optional.of(List.of("./build.sh")), CommandPrefix.of("  ./build.sh --fast  "));
        assertEquals(Optional.of(List.of("grep")), CommandPrefix.of("grep -r \"a b\" 'src dir'"));
        assertEquals(Optional.of(List.of("echo")), CommandPrefix.of("echo $HOME ${USER}"));
    }

    @Test
    void subcommandToolsAreRememberedByProgramAndSubcommand() {
        assertEquals(Optional.of(List.of("git", "status")), CommandPrefix.of("git status --short"));
        assertEquals(Optional.of(List.of("npm", "test")), CommandPrefix.of("npm test"));
        assertEquals(Optional.of(List.of("cargo", "build")), CommandPrefix.of("cargo build --release"));
        assertEquals(Optional.of(List.of("docker", "ps")), CommandPrefix.of("docker ps -a"));
        assertEquals(Optional.of(List.of("kubectl", "get")), CommandPrefix.of("kubectl get pods"));
        assertEquals(Optional.of(List.of("go", "test")), CommandPrefix.of("go test ./..."));
        assertEquals(Optional.of(List.of("mvn", "verify")), CommandPrefix.of("mvn verify -q"));
        assertEquals(Optional.of(List.of("pip", "install")), CommandPrefix.of("pip install -r requirements.txt"));
        assertEquals(Optional.of(List.of("/usr/bin/git", "log")), CommandPrefix.of("/usr/bin/git log"));
        assertEquals(Optional.of(List.of("python3", "manage.py")), CommandPrefix.of("python3 manage.py migrate"));
    }

    @Test
    void aSubcommandToolWithoutALiteralSubcommandHasNoPrefix() {
        for (String command : List.of("git", "git -C /tmp push", "git \"$CMD\"", "npm $X", "python -c 'import os'")) {
            assertEquals(Optional.empty(), CommandPrefix.of(command), command);
        }
    }

    @Test
    void anythingThatCouldRunASecondOrHiddenCommandHasNoPrefix() {
        for (String command : List.of(
                "npm test && rm -rf ~", "npm test; curl x", "npm test | sh", "npm test || true", "npm test &",
                "npm test > out.txt", "npm test < in", "npm test $(curl x)", "npm test `curl x`",
                "npm test \"$(curl x)\"", "(npm test)", "{ npm test; }", "npm test\nrm -rf ~", "npm test \\\nrm",
                "FOO=1 npm test", "sudo npm test", "/usr/bin/sudo rm -rf /", "env npm test", "bash -c 'npm test'",
                "sh script.sh", "xargs rm", "timeout 5 rm -rf /", "eval npm test", "find . -delete",
                "\"npm\" test", "$NPM test", "~/bin/tool", "npm test 'unterminated", "", "   ")) {
            assertEquals(Optional.empty(), CommandPrefix.of(command), command);
        }
        assertEquals(Optional.empty(), CommandPrefix.of(null));
    }

    @Test
    void operatorsInsideQuotesAreData() {
        assertEquals(Optional.of(List.of("git", "commit")), CommandPrefix.of("git commit -m 'fix: a && b; c | d'"));
        assertEquals(Optional.of(List.of("echo")), CommandPrefix.of("echo \"a;b\""));
    }

    @Test
    void aKeyOnlyExistsForPlainCommandsAndFileTools() {
        assertEquals(Optional.of(new ApprovalKey("bash", List.of("npm", "test"))),
                ApprovalKey.of(new ApprovalRequest("bash", "npm test", null, null, ApprovalRequest.Kind.COMMAND)));
        assertEquals(Optional.of(new ApprovalKey("write_file", List.of())),
                ApprovalKey.of(new ApprovalRequest("write_file", "/w/a.txt", null, null, ApprovalRequest.Kind.COMMAND)));
        assertEquals(Optional.empty(),
                ApprovalKey.of(new ApprovalRequest("bash", "npm test", null, null, ApprovalRequest.Kind.ESCALATION)));
        assertEquals(Optional.empty(),
                ApprovalKey.of(new ApprovalRequest("write_file", "/w", null, null, ApprovalRequest.Kind.ESCALATION)));
        assertEquals(Optional.empty(),
                ApprovalKey.of(new ApprovalRequest("odd tool\n", "/w", null, null, ApprovalRequest.Kind.COMMAND)));
    }
}
