package dev.cordon.egress;

import dev.cordon.net.IpLiteral;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Names with fixed addresses, asked before another resolver: a map in tests, or a file in the
 * format of {@code /etc/hosts} (an address, then its names; {@code #} starts a comment).
 */
public final class FixedResolver implements Resolver {

    private final Map<String, List<InetAddress>> names;
    private final Resolver fallback;

    public FixedResolver(Map<String, List<InetAddress>> names, Resolver fallback) {
        Map<String, List<InetAddress>> lower = new LinkedHashMap<>();
        names.forEach((name, addresses) -> lower.put(name.toLowerCase(Locale.ROOT), List.copyOf(addresses)));
        this.names = Map.copyOf(lower);
        this.fallback = fallback;
    }

    /** Only these names; every other name is unknown. */
    public static FixedResolver only(Map<String, List<InetAddress>> names) {
        return new FixedResolver(names, host -> {
            throw new UnknownHostException(host);
        });
    }

    /**
     * Reads a hosts file; names it does not list go to {@code fallback}.
     *
     * @throws IOException when it cannot be read
     * @throws IllegalArgumentException with {@code file:line} for a line that is not an address and names
     */
    public static FixedResolver read(Path file, Resolver fallback) throws IOException {
        Map<String, List<InetAddress>> names = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String[] words = (hash >= 0 ? line.substring(0, hash) : line).strip().split("\\s+");
            if (words.length == 1 && words[0].isEmpty()) {
                continue;
            }
            byte[] address = IpLiteral.parse(words[0]);
            if (address == null || words.length < 2) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected an address and its names, got `"
                        + line.strip() + "`");
            }
            for (int w = 1; w < words.length; w++) {
                names.computeIfAbsent(words[w].toLowerCase(Locale.ROOT), n -> new ArrayList<>())
                        .add(InetAddress.getByAddress(words[w], address));
            }
        }
        return new FixedResolver(names, fallback);
    }

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        List<InetAddress> fixed = names.get(host.toLowerCase(Locale.ROOT));
        return fixed != null ? fixed : fallback.resolve(host);
    }
}
