package dev.cordon.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.shell.Access;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The list matchers rules call in place of `from [ … ]`: same hits, in list order. */
class ListMatchersTest {

    private static final List<String> SECRETS = List.of("**/.ssh/**", "**/*.pem", "**/id_rsa", "/etc/shadow");

    @Test
    void everyGlobThatHitsTheAccessInListOrder() {
        FileAccess key = access("/home/dev/.ssh/id_rsa", "/home/dev/.ssh/id_rsa");
        assertEquals(List.of("**/.ssh/**", "**/id_rsa"), key.hitsAmong(SECRETS));
        assertTrue(key.hitsAny(SECRETS));
    }

    @Test
    void theFileALinkPointsToCountsToo() {
        FileAccess link = access("/home/dev/project/notes.txt", "/etc/shadow");
        assertEquals(List.of("/etc/shadow"), link.hitsAmong(SECRETS));
        assertTrue(link.hitsAny(SECRETS));
    }

    @Test
    void noHitIsAnEmptyList() {
        FileAccess plain = access("/home/dev/project/src/main.c", "/home/dev/project/src/main.c");
        assertEquals(List.of(), plain.hitsAmong(SECRETS));
        assertFalse(plain.hitsAny(SECRETS));
        assertFalse(plain.hitsAny(List.of()));
    }

    @Test
    void textsThatSomeArgumentContainsInListOrder() {
        List<String> settings = List.of("core.hooksPath", "credential.helper", "core.fsmonitor");
        Command git = command("git", List.of("-c", "credential.helper=store", "-c", "core.hooksPath=x", "status"));
        assertEquals(List.of("core.hooksPath", "credential.helper"), git.argsContainingAny(settings));
        assertTrue(git.argContainsAny(settings));
        Command plain = command("git", List.of("status"));
        assertEquals(List.of(), plain.argsContainingAny(settings));
        assertFalse(plain.argContainsAny(settings));
    }

    @Test
    void anOptionAndTheWordAfterItReadAsOneSetting() {
        List<String> settings = List.of("--privileged", "--pid=host", "--cap-add=SYS_ADMIN");
        Command spaced = command("docker", List.of("run", "--pid", "host", "--cap-add", "SYS_ADMIN", "alpine"));
        assertEquals(List.of("--pid=host", "--cap-add=SYS_ADMIN"), spaced.settingsContainingAny(settings));
        Command joined = command("docker", List.of("run", "--privileged", "--pid=host", "alpine"));
        assertEquals(List.of("--privileged", "--pid=host"), joined.settingsContainingAny(settings));
        Command plain = command("docker", List.of("run", "--pid", "container:web", "alpine", "host"));
        assertEquals(List.of(), plain.settingsContainingAny(settings));
    }

    private static FileAccess access(String path, String real) {
        return new FileAccess(0, Access.READ, path, path, real, "path", null, false, false);
    }

    private static Command command(String program, List<String> args) {
        return new Command(0, program, program, args, Set.of(), List.of(), List.of(), Map.of(), List.of(), 0, 0, 1, 0,
                false, program + " " + String.join(" ", args), false, Set.of(), null);
    }
}
