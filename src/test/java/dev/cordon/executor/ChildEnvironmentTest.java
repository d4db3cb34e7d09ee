package dev.cordon.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.profile.Profile;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ChildEnvironmentTest {

    @Test
    void onlyPassedNamesAndSetValuesReachTheChild() {
        Profile.Environment environment = new Profile.Environment(List.of("PATH", "LC_*", "HOME"), Map.of("CI", "1"));
        Map<String, String> parent = Map.of("PATH", "/bin", "HOME", "/h", "LC_ALL", "C", "LCX", "no",
                "AWS_SECRET_ACCESS_KEY", "secret", "GITHUB_TOKEN", "secret");

        assertEquals(Map.of("PATH", "/bin", "HOME", "/h", "LC_ALL", "C", "CI", "1"),
                ChildEnvironment.of(environment, parent));
    }

    @Test
    void aSetValueWinsOverThePassedOne() {
        Profile.Environment environment = new Profile.Environment(List.of("TERM"), Map.of("TERM", "dumb"));
        assertEquals(Map.of("TERM", "dumb"), ChildEnvironment.of(environment, Map.of("TERM", "xterm")));
    }
}
