package dev.cordon.hook;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** A test of hook events: each test gets a {@link HookHarness} in a temp folder of its own. */
abstract class HookTest {

    @TempDir
    Path temp;

    HookHarness hooks;

    @BeforeEach
    void newHarness() throws Exception {
        hooks = new HookHarness(temp);
    }
}
