package dev.cordon.egress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.request.Connection;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuthorityTest {

    @Test
    void destinationsAreReadAsClientsWriteThem() {
        assertEquals(Connection.to("example.com", 443), Authority.parse("Example.COM.:443", 0));
        assertEquals(Connection.to("::1", 8443), Authority.parse("[::1]:8443", 0));
        assertEquals(Connection.to("10.0.0.1", 80), Authority.parse("10.0.0.1", 80));
        assertEquals("`allowed.test` has no port",
                assertThrows(IllegalArgumentException.class, () -> Authority.parse("allowed.test", 0)).getMessage());
        assertEquals("an IPv6 address must be in brackets: `[::1:443]`",
                assertThrows(IllegalArgumentException.class, () -> Authority.parse("::1:443", 0)).getMessage());
        assertEquals("`70000` is not a port from 1 to 65535",
                assertThrows(IllegalArgumentException.class, () -> Authority.parse("a.test:70000", 0)).getMessage());
        assertEquals("`a_b c` is not a host name or an address",
                assertThrows(IllegalArgumentException.class, () -> Authority.parse("a_b c:1", 0)).getMessage());
    }

    @Test
    void aHostsFileAnswersItsNamesAndPassesTheRestOn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("hosts");
        Files.writeString(file, "# test names\n127.0.0.1 allowed.test other.test  # both local\n\n::1 six.test\n");
        FixedResolver resolver = FixedResolver.read(file, host -> List.of(InetAddress.getByName("192.0.2.7")));
        assertEquals("127.0.0.1", resolver.resolve("Allowed.Test").get(0).getHostAddress());
        assertEquals("0:0:0:0:0:0:0:1", resolver.resolve("six.test").get(0).getHostAddress());
        assertEquals("192.0.2.7", resolver.resolve("elsewhere.test").get(0).getHostAddress());
        Files.writeString(file, "127.0.0.1 fine.test\nnot-an-address name.test\n");
        assertEquals(file + ":2: expected an address and its names, got `not-an-address name.test`",
                assertThrows(IllegalArgumentException.class, () -> FixedResolver.read(file, Resolver.SYSTEM)).getMessage());
    }
}
