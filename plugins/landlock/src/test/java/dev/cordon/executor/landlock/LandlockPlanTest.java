package dev.cordon.executor.landlock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.linux.Landlock;
import dev.cordon.linux.LandlockRuleset.Links;
import dev.cordon.linux.SeccompProgram;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LandlockPlanTest {

    private static final int ABI = 7;
    private static final long ALL = Landlock.fsRights(ABI);
    private static final long READ = Landlock.READ_RIGHTS;

    @TempDir
    Path temp;

    private static Confinement confinement(List<Path> read, List<Path> write, List<Path> readOnly, List<Path> hidden,
            NetworkPolicy network) {
        return new Confinement(Path.of("/"), read, write, readOnly, hidden, network, Limits.NONE);
    }

    private static Set<String> rules(LandlockPlan plan, Path base) {
        return plan.grants().stream()
                .map(g -> base.relativize(g.path()) + " " + name(g.rights()) + (g.links() == Links.NOFOLLOW ? " nofollow" : ""))
                .collect(Collectors.toCollection(java.util.TreeSet::new));
    }

    private static String name(long rights) {
        if (rights == ALL) {
            return "all";
        }
        if (rights == READ) {
            return "read";
        }
        if (rights == Landlock.READ_DIR) {
            return "list";
        }
        return Long.toHexString(rights);
    }

    @Test
    void rootsWithoutProtectedPathsAreOneRuleEach() throws IOException {
        Path home = Files.createDirectories(temp.resolve("home"));
        Path ws = Files.createDirectories(temp.resolve("ws"));
        LandlockPlan plan = LandlockPlan.build(confinement(List.of(home), List.of(ws), List.of(), List.of(), NetworkPolicy.NONE), ABI, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Set.of("home read", "ws all"), rules(plan, temp));
    }

    @Test
    void aHiddenDirectoryIsCarvedOutOfAReadRoot() throws IOException {
        Path home = Files.createDirectories(temp.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        Files.createDirectories(home.resolve(".config/gcloud"));
        Files.createDirectories(home.resolve(".config/editor"));
        Files.writeString(home.resolve(".profile"), "");
        LandlockPlan plan = LandlockPlan.build(confinement(List.of(home), List.of(), List.of(),
                List.of(home.resolve(".ssh"), home.resolve(".config/gcloud")), NetworkPolicy.NONE), ABI, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Set.of("home list", "home/.profile read nofollow", "home/.config list nofollow",
                "home/.config/editor read nofollow"), rules(plan, temp));
        assertEquals(Landlock.READ_DIR, plan.rightsOf(home.resolve(".ssh/id_rsa")));
        assertEquals(READ, plan.rightsOf(home.resolve(".profile")));
    }

    @Test
    void readOnlyPathsInsideAWriteRootAreLeftToThePolicyLayer() throws IOException {
        Path ws = Files.createDirectories(temp.resolve("ws"));
        Files.createDirectories(ws.resolve(".git/hooks"));
        Files.createDirectories(ws.resolve("src"));
        LandlockPlan plan = LandlockPlan.build(confinement(List.of(), List.of(ws), List.of(ws.resolve(".git/hooks")), List.of(),
                NetworkPolicy.NONE), ABI, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Set.of("ws all"), rules(plan, temp));
        assertEquals(List.of(ws.resolve(".git/hooks")), plan.uncarved());
        assertEquals(Landlock.MAKE_REG, plan.rightsOf(ws) & Landlock.MAKE_REG, "new files at the workspace root");
    }

    @Test
    void aHiddenPathInsideAWriteRootIsCarvedOnlyWhenItExists() throws IOException {
        Path ws = Files.createDirectories(temp.resolve("ws"));
        Files.createDirectories(ws.resolve("src"));
        Files.writeString(ws.resolve("secrets.txt"), "s");
        LandlockPlan plan = LandlockPlan.build(confinement(List.of(), List.of(ws), List.of(),
                List.of(ws.resolve(".env"), ws.resolve("secrets.txt")), NetworkPolicy.NONE), ABI, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Set.of("ws list", "ws/src all nofollow"), rules(plan, temp));
        assertEquals(List.of(ws.resolve(".env")), plan.uncarved());
    }

    @Test
    void linksFoundWhileSplittingGrantNothing() throws IOException {
        Path home = Files.createDirectories(temp.resolve("home"));
        Files.createDirectories(home.resolve(".ssh"));
        Path elsewhere = Files.createDirectories(temp.resolve("elsewhere"));
        Files.createSymbolicLink(home.resolve("link"), elsewhere);
        LandlockPlan plan = LandlockPlan.build(confinement(List.of(home), List.of(), List.of(), List.of(home.resolve(".ssh")),
                NetworkPolicy.NONE), ABI, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Set.of("home list"), rules(plan, temp));
    }

    @Test
    void aRootInsideAHiddenPathIsDropped() throws IOException {
        Path home = Files.createDirectories(temp.resolve("home"));
        Path keys = Files.createDirectories(home.resolve(".ssh/keys"));
        LandlockPlan plan = LandlockPlan.build(confinement(List.of(keys), List.of(), List.of(), List.of(home.resolve(".ssh")),
                NetworkPolicy.NONE), ABI, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Set.of(), rules(plan, temp));
    }

    @Test
    void implicitGrantsAreAddedUnlessHidden() throws IOException {
        Path tool = Files.writeString(temp.resolve("tool"), "");
        Path hidden = Files.writeString(temp.resolve("secret"), "");
        LandlockPlan plan = LandlockPlan.build(confinement(List.of(), List.of(), List.of(), List.of(hidden), NetworkPolicy.NONE),
                ABI, List.of(new LandlockGrant(tool, Landlock.EXECUTE | Landlock.READ_FILE, Links.FOLLOW),
                        new LandlockGrant(hidden, Landlock.READ_FILE, Links.FOLLOW)), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Set.of("tool 5"), rules(plan, temp));
    }

    @Test
    void olderAbisHandleFewerRights() {
        Path root = temp;
        LandlockPlan v1 = LandlockPlan.build(confinement(List.of(), List.of(root), List.of(), List.of(), NetworkPolicy.NONE), 1, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(0, v1.handledFs() & (Landlock.REFER | Landlock.TRUNCATE | Landlock.IOCTL_DEV));
        assertEquals(0, v1.handledNet(), "abi 1 has no network rules");
        assertEquals(0, v1.scopes());
        assertEquals(v1.handledFs(), v1.rightsOf(root.resolve("x")));
        LandlockPlan v7 = LandlockPlan.build(confinement(List.of(), List.of(root), List.of(), List.of(), NetworkPolicy.NONE), 7, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Landlock.BIND_TCP | Landlock.CONNECT_TCP, v7.handledNet());
        assertEquals(Landlock.SCOPE_ABSTRACT_UNIX_SOCKET | Landlock.SCOPE_SIGNAL, v7.scopes());
    }

    @Test
    void unixSocketsAreRefusedInEveryNetworkMode() {
        NetworkPolicy full = new NetworkPolicy(NetworkPolicy.Mode.FULL, List.of(), List.of());
        LandlockPlan open = LandlockPlan.build(confinement(List.of(), List.of(temp), List.of(), List.of(), full), ABI, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        LandlockPlan closed = LandlockPlan.build(confinement(List.of(), List.of(temp), List.of(), List.of(), NetworkPolicy.NONE), ABI, List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(SeccompProgram.Sockets.ALL_BUT_UNIX, open.sockets());
        assertEquals(0, open.handledNet());
        assertEquals(SeccompProgram.Sockets.NONE, closed.sockets());
        assertEquals(java.util.Optional.of("the network is off"), closed.networkLimit());
        assertEquals(java.util.Optional.empty(), open.networkLimit());
    }

    @Test
    void anAllowListHandlesTcpAndAllowsOnlyTheProxysPort() {
        dev.cordon.spi.ProxyEndpoint proxy = new dev.cordon.spi.ProxyEndpoint() {
            @Override
            public int port() {
                return 3128;
            }

            @Override
            public Path socket() {
                throw new UnsupportedOperationException();
            }

            @Override
            public void serve(java.nio.channels.ServerSocketChannel listener) {
                throw new UnsupportedOperationException();
            }
        };
        NetworkPolicy allowList = new NetworkPolicy(NetworkPolicy.Mode.ALLOW_LIST, List.of("a.test:443"), List.of())
                .through(proxy);
        LandlockPlan plan = LandlockPlan.build(confinement(List.of(), List.of(temp), List.of(), List.of(), allowList), ABI,
                List.of(), LandlockPlan.InsideWriteRoots.CARVED);
        assertEquals(Landlock.BIND_TCP | Landlock.CONNECT_TCP, plan.handledNet());
        assertEquals(3128, plan.connectPort());
        assertEquals(SeccompProgram.Sockets.IP_ONLY, plan.sockets());
        assertEquals(java.util.Optional.of("only the egress proxy at 127.0.0.1:3128 is reachable"), plan.networkLimit());
    }
}
