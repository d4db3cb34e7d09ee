package dev.cordon.engine;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.profile.Origins;
import dev.cordon.profile.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Builds resolved profiles by hand, as the loader would produce them. */
final class TestProfiles {

    private String name = "test";
    private Profile.Mode mode = Profile.Mode.STANDARD;
    private boolean readOnly;
    private boolean askWrites;
    private boolean askExecute;
    private final List<String> allowed = new ArrayList<>();
    /** The built-in denied paths of profiles/defaults.yaml, under every profile as they are in use. */
    private final List<String> denied = new ArrayList<>(Builtin.DENIED);
    private final List<Profile.PathRule> pathRules = new ArrayList<>();
    private final List<Profile.CommandRule> commandRules = new ArrayList<>();
    private final List<String> deniedCommands = new ArrayList<>();

    private TestProfiles() {
    }

    /** Read once: resolving the checkout's profiles costs a few milliseconds. */
    private static final class Builtin {
        static final List<String> DENIED = RealProfiles.resolve("workspace-write").profile().deniedPaths();
    }

    /** Like {@code development}: standard mode, no path limits, no approvals. */
    static TestProfiles standard() {
        return new TestProfiles().name("development");
    }

    TestProfiles name(String value) {
        name = value;
        return this;
    }

    TestProfiles mode(Profile.Mode value) {
        mode = value;
        return this;
    }

    TestProfiles readOnly() {
        readOnly = true;
        return this;
    }

    TestProfiles askWrites() {
        askWrites = true;
        return this;
    }

    TestProfiles askExecute() {
        askExecute = true;
        return this;
    }

    TestProfiles allow(String... globs) {
        allowed.addAll(List.of(globs));
        return this;
    }

    TestProfiles deny(String... globs) {
        denied.addAll(List.of(globs));
        return this;
    }

    TestProfiles pathRule(String id, String glob, Decision action, String... tools) {
        pathRules.add(new Profile.PathRule(id, glob, action, List.of(tools), "path rule " + id, source(id)));
        return this;
    }

    TestProfiles commandPrefix(String id, Decision action, String... prefix) {
        commandRules.add(new Profile.CommandRule(id, null, List.of(), List.of(prefix), null, null, null, action,
                "command rule " + id, source(id)));
        return this;
    }

    TestProfiles commandProgram(String id, Decision action, String program, String... args) {
        commandRules.add(new Profile.CommandRule(id, program, List.of(args), List.of(), null, null, null, action,
                "command rule " + id, source(id)));
        return this;
    }

    TestProfiles commandRegex(String id, Decision action, String regex) {
        commandRules.add(new Profile.CommandRule(id, null, List.of(), List.of(), null, null, regex, action,
                "command rule " + id, source(id)));
        return this;
    }

    /** Rules of a profile built in code are not in a file; each is named by its id. */
    private static Provenance source(String id) {
        return Provenance.named(Provenance.Layer.USER, "test rule " + id);
    }

    TestProfiles deniedCommand(String pattern) {
        deniedCommands.add(pattern);
        return this;
    }

    Profile build() {
        return new Profile(name, mode, "auto", "none", readOnly, new Profile.Approval(askWrites, askExecute),
                allowed, denied, pathRules, commandRules, deniedCommands,
                new Profile.Filesystem(List.of("/usr"), List.of("/home/dev/project"), List.of()),
                new Profile.Network(true, List.of(), List.of("169.254.169.254")),
                new Profile.Resources(256, 2048, 60, 100, 120, 1024, 0, 0),
                new Profile.Environment(List.of("PATH", "HOME"), Map.of()), Profile.OnViolation.BLOCK,
                new Profile.Audit(false, "audit.jsonl", false, true), Profile.Escalation.ASK, Profile.Enforce.STRICT, Origins.NONE);
    }
}
