package dev.cordon.rules;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.engine.PolicyEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rule base is built once per set of rule files and rebuilt when one changes. */
class PolicyEngineCacheTest {

    private static final String RULE = "package team\ndialect \"mvel\"\nimport dev.cordon.fact.Command\n"
            + "rule \"team.%s\"\nwhen\n    Command( )\nthen\nend\n";

    @Test
    void unchangedFilesReuseTheEngineAndChangedOnesRebuildIt(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("team.drl"), RULE.formatted("one"));
        List<RuleDir> dirs = List.of(RuleDir.trusted(dir));
        PolicyEngine first = PolicyEngine.load(dirs);
        assertSame(first, PolicyEngine.load(dirs));
        assertSame(first, first.reloadIfChanged());

        Files.writeString(file, RULE.formatted("two"));
        Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        PolicyEngine second = first.reloadIfChanged();
        assertNotSame(first, second);
        assertEquals("team.two", second.rules().get(0).id());

        Files.writeString(dir.resolve("more.drl"), RULE.formatted("three"));
        assertEquals(2, PolicyEngine.load(dirs).rules().size());
    }
}
