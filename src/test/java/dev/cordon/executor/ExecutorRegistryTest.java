package dev.cordon.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.profile.Profile;
import dev.cordon.spi.Capability;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Promise;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ExecutorRegistryTest {

    private final Profile strict = RealProfiles.load("minimal");
    private static final Confinement CONFINEMENT = ConfinementPlanner.plan(RealProfiles.load("workspace-write"),
            Path.of("/srv/project"), Path.of("/home/dev"), Path.of("/tmp"), List.of());

    @Test
    void autoPicksTheHighestPriorityAvailableExecutorThatMeetsTheProfile() {
        FakeExecutor weak = new FakeExecutor("weak", 500, true, Capability.PROCESS_TREE);
        FakeExecutor broken = new FakeExecutor("broken", 300, false, Capability.values());
        FakeExecutor strong = FakeExecutor.full("strong", 100);
        FakeExecutor weaker = FakeExecutor.full("weaker", 50);
        ExecutorRegistry registry = new ExecutorRegistry(List.of(weaker, strong, weak, broken), List.of());

        Selection selection = registry.select("auto", strict, CONFINEMENT);

        assertEquals("strong", selection.executor().id());
        assertFalse(selection.fallback());
        assertEquals(Set.of(), selection.missing());
        assertEquals(List.of("weak", "broken", "strong", "weaker"),
                registry.executors().stream().map(e -> e.id()).toList());
    }

    @Test
    void whenNothingMeetsTheProfileTheRequestIsRefusedWithWhatIsMissing() {
        ExecutorRegistry registry = new ExecutorRegistry(List.of(
                new FakeExecutor("local", 0, true),
                new FakeExecutor("landlock", 100, false, Capability.values())), List.of());

        Selection selection = registry.select("auto", strict, CONFINEMENT);

        assertNull(selection.executor());
        assertTrue(selection.explanation().contains("landlock unavailable: landlock is broken here"),
                selection.explanation());
        assertTrue(selection.explanation().contains("local lacks"), selection.explanation());
    }

    @Test
    void aFallbackTheProfileNamesIsUsedAndFlagged() {
        ExecutorRegistry registry = new ExecutorRegistry(List.of(
                new FakeExecutor("local", 0, true),
                new FakeExecutor("landlock", 100, false, Capability.values())), List.of());

        Selection selection = registry.select("auto", Profiles.withFallback(strict, "local"), CONFINEMENT);

        assertEquals("local", selection.executor().id());
        assertTrue(selection.fallback());
        assertTrue(selection.missing().contains(Capability.WRITE_ISOLATION));
        assertTrue(selection.explanation().contains("weaker fallback `local`"), selection.explanation());
    }

    @Test
    void anExplicitExecutorIsUsedAndWhatItLacksIsReported() {
        ExecutorRegistry registry = new ExecutorRegistry(List.of(
                new FakeExecutor("local", 0, true), FakeExecutor.full("landlock", 100)), List.of());

        Selection selection = registry.select("local", strict, CONFINEMENT);

        assertEquals("local", selection.executor().id());
        assertFalse(selection.provides(Capability.WRITE_ISOLATION));
        assertTrue(selection.missing().contains(Capability.NETWORK_ISOLATION));
    }

    @Test
    void anUnknownExplicitExecutorIsRefused() {
        ExecutorRegistry registry = new ExecutorRegistry(List.of(FakeExecutor.full("landlock", 100)), List.of());

        Selection selection = registry.select("seatbelt", strict, CONFINEMENT);

        assertFalse(selection.found());
        assertEquals("executor `seatbelt` is not installed", selection.explanation());
    }

    @Test
    void eachExecutorIsProbedOnceAcrossSelections() {
        FakeExecutor landlock = FakeExecutor.full("landlock", 100);
        ExecutorRegistry registry = new ExecutorRegistry(List.of(landlock), List.of());

        registry.select("auto", strict, CONFINEMENT);
        registry.select("auto", strict, CONFINEMENT);
        registry.select("landlock", strict, CONFINEMENT);

        assertEquals(1, landlock.probes.get());
    }

    @Test
    void aSuccessfulProbeIsKeptForTheNextProcessButAFailureIsNot(@org.junit.jupiter.api.io.TempDir java.nio.file.Path cache) {
        FakeExecutor first = FakeExecutor.full("landlock", 100);
        FakeExecutor broken = new FakeExecutor("bwrap", 200, false, Capability.values());
        new ExecutorRegistry(List.of(first, broken), List.of()).keepingProbesIn(cache).select("auto", strict, CONFINEMENT);
        assertEquals(1, first.probes.get());

        FakeExecutor again = FakeExecutor.full("landlock", 100);
        FakeExecutor brokenAgain = new FakeExecutor("bwrap", 200, false, Capability.values());
        Selection next = new ExecutorRegistry(List.of(again, brokenAgain), List.of()).keepingProbesIn(cache)
                .select("auto", strict, CONFINEMENT);
        assertEquals("landlock", next.executor().id());
        assertEquals(0, again.probes.get(), "the kept probe answered");
        assertEquals(1, brokenAgain.probes.get(), "an unavailable result is probed again");

        FakeExecutor anew = FakeExecutor.full("landlock", 100);
        new ExecutorRegistry(List.of(anew), List.of()).keepingProbesIn(cache).probingAnew().select("auto", strict, CONFINEMENT);
        assertEquals(1, anew.probes.get(), "sandbox status probes anew");
    }

    @Test
    void autoPassesOverAnExecutorThatLeavesAPromiseToThePolicyLayer() {
        FakeExecutor leaky = FakeExecutor.full("leaky", 200).leaving(Promise.METADATA);
        FakeExecutor tight = FakeExecutor.full("tight", 100);
        ExecutorRegistry registry = new ExecutorRegistry(List.of(leaky, tight), List.of());

        Selection selection = registry.select("auto", strict, CONFINEMENT);

        assertEquals("tight", selection.executor().id());
        assertTrue(selection.enforcement().complete());
        assertTrue(selection.enforcement().kernel().stream().anyMatch(g -> g.promise() == Promise.METADATA));
    }

    @Test
    void withBestEffortTheStrongestExecutorRunsAndItsGapsAreListed() {
        FakeExecutor leaky = FakeExecutor.full("leaky", 200).leaving(Promise.METADATA);
        ExecutorRegistry registry = new ExecutorRegistry(List.of(leaky, FakeExecutor.full("tight", 100)), List.of());

        Selection selection = registry.select("auto", Profiles.withEnforce(strict, Profile.Enforce.BEST_EFFORT),
                CONFINEMENT);

        assertEquals("leaky", selection.executor().id());
        assertEquals(List.of(Promise.METADATA), selection.enforcement().policy().stream().map(g -> g.promise()).toList());
    }

    @Test
    void whenEveryExecutorLeavesAGapTheRefusalSaysWhat() {
        ExecutorRegistry registry = new ExecutorRegistry(List.of(
                FakeExecutor.full("landlock", 100).leaving(Promise.PROTECTED_PATHS)), List.of());

        Selection selection = registry.select("auto", strict, CONFINEMENT);

        assertFalse(selection.found());
        assertTrue(selection.explanation().contains("landlock leaves to the policy layer: protected-paths (fake gap)"),
                selection.explanation());
    }

    @Test
    void aProfileThatAcceptsAWeakerFallbackGetsTheStrongestExecutorWithGapsRatherThanTheFallback() {
        ExecutorRegistry registry = new ExecutorRegistry(List.of(
                FakeExecutor.full("bwrap", 200).leaving(Promise.NETWORK), new FakeExecutor("local", 0, true)), List.of());

        Selection selection = registry.select("auto", Profiles.withFallback(strict, "local"), CONFINEMENT);

        assertEquals("bwrap", selection.executor().id());
        assertTrue(selection.fallback());
        assertEquals("no executor keeps every promise of the profile; using `bwrap`, the strongest available, since "
                + "the profile accepts weaker isolation (fallback `local`)", selection.explanation());
    }
}
