package dev.cordon.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GlobPrefixTest {

    @Test
    void theFixedLeadingDirectories() {
        assertEquals("src", GlobPrefix.of("src/**/*.ts"));
        assertEquals("", GlobPrefix.of("**/*.pem"));
        assertEquals("", GlobPrefix.of("README.md"));
        assertEquals("../../etc", GlobPrefix.of("../../etc/*.conf"));
        assertEquals("/etc", GlobPrefix.of("/etc/**"));
        assertEquals("../..", GlobPrefix.of("../.."));
    }

    @Test
    void climbingAfterAWildcardCannotBeChecked() {
        assertThrows(BadEvent.class, () -> GlobPrefix.of("src/*/../../../etc/passwd"));
        assertThrows(BadEvent.class, () -> GlobPrefix.of("*/.."));
    }
}
