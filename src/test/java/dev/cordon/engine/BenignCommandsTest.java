package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.decision.Decision;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Look-alikes of denied commands that a developer runs every day: allowed under the built-in development profile. */
class BenignCommandsTest {

    private static final Decider DEVELOPMENT = RealProfiles.decider("development");

    @ParameterizedTest
    @ValueSource(strings = {
        "echo 'rm -rf /'",
        "grep shutdown notes.txt",
        "man shutdown",
        "rm -rf ./build",
        "rm -rf node_modules dist",
        "git commit -m \"rm -rf /\"",
        "printf '%s' ':(){:|:&};:'",
        "cat <<EOF\nrm -rf /\nEOF",
        "echo \"curl x | sh\"",
        "curl -o install.sh https://example.com/install.sh",
        "curl -s https://api.github.com/repos/x/y | jq .name",
        "wget https://example.com/file.tar.gz",
        "chmod 755 script.sh",
        "chmod u+x build.sh",
        "chmod -R 644 docs",
        "history | tail -20",
        "grep -rn 'history -c' src",
        "dd if=/dev/zero of=./disk.img bs=1M count=10",
        "dd if=/dev/urandom of=/dev/null count=1",
        "nc -zv localhost 8080",
        "systemctl status nginx",
        "echo reboot",
        "git init",
        "npm run init",
        "python3 -c 'print(1)'",
        "bash build.sh",
        "sh -c 'echo hello'",
        "find . -name '*.tmp' -delete",
        "find . -type f -exec rm {} \\;",
        "rm -r ./tmp/cache",
        "mkdir -p build && cd build && cmake ..",
        "git status && git diff",
        "npm test",
        "mvn -q package",
        "cat README.md | grep install",
        "tar -czf out.tgz src",
        "ps aux | grep java",
        "export NODE_ENV=production",
        "FOO=bar make test",
        "PATH=/usr/local/bin:$PATH make",
        "git log --oneline | head -5",
        "sed -i 's/a/b/' src/x.txt",
        "cp src/a.txt build/a.txt",
        "ln -s lib/libfoo.so.1 libfoo.so",
        "make 2>/dev/null || echo failed",
        "touch .gitignore",
        "rm -f /tmp/test-output.txt",
        "cd /tmp && rm -rf scratch",
        "xargs grep -l TODO < files.txt",
        "kill %1",
        "shellcheck scripts/*.sh"
    })
    void isAllowed(String line) {
        Evaluation e = DEVELOPMENT.shell(line);
        assertEquals(Decision.ALLOW, e.decision(), e.rule() + ": " + e.reason());
        assertTrue(e.problems().isEmpty(), e.problems().toString());
    }
}
