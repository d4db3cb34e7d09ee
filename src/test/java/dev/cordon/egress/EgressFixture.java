package dev.cordon.egress;

import dev.cordon.engine.BuiltinRules;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Origins;
import dev.cordon.profile.Profile;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The proxy as a run would start it, with the built-in rules and a profile whose allow-list names
 * the test servers: {@code allowed.test} and {@code other.test} both resolve to 127.0.0.1 through
 * a fixed resolver, and only {@code allowed.test} (plus the loopback address itself, which a name
 * resolving there needs) is allowed.
 */
final class EgressFixture {

    private EgressFixture() {
    }

    static Profile profile(Profile.Mode mode, List<String> allow) {
        return new Profile("egress-test", mode, "auto", "none", false, new Profile.Approval(false, false), List.of(),
                List.of(), List.of(), List.of(), List.of(),
                new Profile.Filesystem(List.of("/usr"), List.of("/home/dev/project"), List.of()),
                new Profile.Network(true, allow, List.of("169.254.169.254", "metadata.google.internal")),
                new Profile.Resources(0, 0, 0, 0, 0, 0, 0, 0), new Profile.Environment(List.of("PATH"), Map.of()),
                Profile.OnViolation.BLOCK, new Profile.Audit(false, "audit.jsonl", false, true),
                Profile.Escalation.DENY, Profile.Enforce.STRICT, Origins.NONE);
    }

    /** Allows {@code allowed.test} on both servers' ports, and 127.0.0.1 on them. */
    static List<String> allowing(TestServers servers) {
        return List.of("allowed.test:" + servers.httpPort(), "allowed.test:" + servers.httpsPort(),
                "127.0.0.1:" + servers.httpPort(), "127.0.0.1:" + servers.httpsPort());
    }

    static EgressPolicy policy(Profile profile) {
        Path workspace = Path.of("/home/dev/project");
        return new PolicyEgress(BuiltinRules::engine, profile, new ExecutorFacts("test", true, true, true), List.of(),
                workspace, Map.of("HOME", "/home/dev"), workspace);
    }

    static Resolver resolver(List<String> lookups) {
        FixedResolver fixed = FixedResolver.only(Map.of(
                "allowed.test", List.of(InetAddress.getLoopbackAddress()),
                "other.test", List.of(InetAddress.getLoopbackAddress())));
        return host -> {
            synchronized (lookups) {
                lookups.add(host);
            }
            return fixed.resolve(host);
        };
    }
}
