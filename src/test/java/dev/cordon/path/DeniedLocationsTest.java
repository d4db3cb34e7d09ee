package dev.cordon.path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The places a list of denied globs names: what the sandbox hides and a recursive read sweeps in. */
class DeniedLocationsTest {

    @Test
    void eachGlobThatNamesAPlaceGivesIt() {
        assertEquals(List.of("/etc/shadow", "/etc/sudoers.d", "/home/u/.ssh", "/home/u/.git-credentials",
                "/home/u/.docker/config.json", "/home/u/.env"),
                DeniedLocations.of(List.of("/etc/shadow", "/etc/sudoers.d/**", "**/.ssh/**", "**/.git-credentials",
                        "**/.docker/config.json", "**/.env", "**/.env.*", "**/*.pem", "/home/*/x", "/etc/passwd"),
                        "/home/u"));
    }

    @Test
    void aFolderHoldsThePlacesBelowIt() {
        List<String> places = List.of("/etc/shadow", "/home/u/.ssh");
        assertEquals("/home/u/.ssh", DeniedLocations.within(places, "/home/u"));
        assertEquals("/etc/shadow", DeniedLocations.within(places, "/"));
        assertEquals("/home/u/.ssh", DeniedLocations.within(places, "/home/u/.ssh"));
        assertNull(DeniedLocations.within(places, "/home/u/project"));
        assertNull(DeniedLocations.within(places, "/home/u/.ss"));
    }
}
