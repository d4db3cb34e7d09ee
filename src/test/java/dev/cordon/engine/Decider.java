package dev.cordon.engine;

import dev.cordon.approval.StandingApproval;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Profile;
import dev.cordon.request.Request;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Decides requests with the built-in rules of this checkout, compiled once for the whole test
 * run. The home and workspace are fictional paths, so nothing on the test machine matters.
 */
final class Decider {

    static final String HOME = "/home/dev";
    static final String WORKSPACE = "/home/dev/project";

    private final Profile profile;
    private ExecutorFacts executor = new ExecutorFacts("landlock", true, true, true);
    private List<StandingApproval> approvals = List.of();
    private List<Path> policyFiles = List.of();

    Decider(Profile profile) {
        this.profile = profile;
    }

    static Decider standard() {
        return new Decider(TestProfiles.standard().build());
    }

    static PolicyEngine engine() {
        return BuiltinRules.engine();
    }

    Decider executor(ExecutorFacts value) {
        executor = value;
        return this;
    }

    Decider approvals(StandingApproval... value) {
        approvals = List.of(value);
        return this;
    }

    Decider policyFiles(Path... value) {
        policyFiles = List.of(value);
        return this;
    }

    Evaluation shell(String line) {
        return decide(new Request("bash", line, null, null, Path.of(WORKSPACE), Map.of("HOME", HOME),
                Path.of(WORKSPACE)));
    }

    Evaluation argv(String... argv) {
        return decide(new Request("bash", null, List.of(argv), null, Path.of(WORKSPACE), Map.of("HOME", HOME),
                Path.of(WORKSPACE)));
    }

    Evaluation tool(String tool, String path) {
        return decide(new Request(tool, null, null, path, Path.of(WORKSPACE), Map.of("HOME", HOME),
                Path.of(WORKSPACE)));
    }

    Evaluation read(String path) {
        return tool("read_file", path);
    }

    Evaluation write(String path) {
        return tool("write_file", path);
    }

    Evaluation decide(Request request) {
        return engine().decide(request, profile, executor, approvals, policyFiles);
    }
}
