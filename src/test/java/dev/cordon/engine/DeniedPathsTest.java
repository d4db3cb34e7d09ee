package dev.cordon.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.decision.Decision;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every built-in denied path of SPEC §2, reached by a file tool and by a shell command, under a
 * profile that lists no denied paths of its own: the built-in list holds whatever the profile says.
 */
class DeniedPathsTest {

    static Stream<Arguments> denied() {
        return Stream.of(
                Arguments.of("/etc/shadow", "/etc/shadow"),
                Arguments.of("/etc/passwd", "/etc/../etc/passwd"),
                Arguments.of("/etc/sudoers", "/etc/sudoers"),
                Arguments.of("/etc/sudoers.d/**", "/etc/sudoers.d/90-cloud"),
                Arguments.of("**/.env", ".env"),
                Arguments.of("**/.env.*", "config/.env.production"),
                Arguments.of("**/credentials", "~/.docker/credentials"),
                Arguments.of("**/credentials.*", "deploy/credentials.json"),
                Arguments.of("**/secrets", "k8s/secrets"),
                Arguments.of("**/secrets.*", "config/secrets.yaml"),
                Arguments.of("**/*.pem", "certs/server.pem"),
                Arguments.of("**/*.key", "certs/server.key"),
                Arguments.of("**/*.p12", "keystore.p12"),
                Arguments.of("**/*.pfx", "signing.pfx"),
                Arguments.of("**/.ssh/**", "~/.ssh/config"),
                Arguments.of("**/id_rsa", "backup/id_rsa"),
                Arguments.of("**/id_dsa", "old/id_dsa"),
                Arguments.of("**/id_ecdsa", "keys/id_ecdsa"),
                Arguments.of("**/id_ed25519", "keys/id_ed25519"),
                Arguments.of("**/.aws/**", "~/.aws/config"),
                Arguments.of("**/.azure/**", "~/.azure/accessTokens.json"),
                Arguments.of("**/.config/gcloud/**", "~/.config/gcloud/application_default_credentials.json"),
                Arguments.of("**/.netrc", "~/.netrc"),
                Arguments.of("**/.npmrc", "~/.npmrc"),
                Arguments.of("**/.pypirc", "~/.pypirc"));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("denied")
    void fileToolsCannotReadOrWriteIt(String glob, String path) {
        for (String tool : new String[] {"read_file", "write_file", "edit_file"}) {
            Evaluation e = Decider.standard().tool(tool, path);
            assertEquals(Decision.DENY + " path.deny-profile", e.decision() + " " + e.rule(), tool + ": " + e.reason());
        }
    }

    @ParameterizedTest(name = "{0}: cat {1}")
    @MethodSource("denied")
    void shellCommandsCannotReadIt(String glob, String path) {
        Evaluation e = Decider.standard().shell("cat " + path + " | head -1");
        assertEquals(Decision.DENY + " path.deny-profile", e.decision() + " " + e.rule(), e.reason());
    }
}
