package dev.cordon.egress;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A name is resolved once per run, and every later connection to it goes to the addresses it
 * had then: a DNS answer that changes while the command runs (rebinding) changes nothing. Bounded
 * like {@link RememberedPolicy}; names that failed to resolve are asked again.
 */
final class RememberedResolver implements Resolver {

    private final Resolver resolver;
    private final Map<String, List<InetAddress>> answers = new ConcurrentHashMap<>();

    RememberedResolver(Resolver resolver) {
        this.resolver = resolver;
    }

    /** The addresses a name had, if it was resolved before. */
    Optional<List<InetAddress>> known(String host) {
        return Optional.ofNullable(answers.get(host.toLowerCase(Locale.ROOT)));
    }

    @Override
    public List<InetAddress> resolve(String host) throws UnknownHostException {
        String key = host.toLowerCase(Locale.ROOT);
        List<InetAddress> known = answers.get(key);
        if (known != null) {
            return known;
        }
        List<InetAddress> resolved = List.copyOf(resolver.resolve(host));
        if (resolved.isEmpty()) {
            throw new UnknownHostException(host);
        }
        if (answers.size() < RememberedPolicy.LIMIT) {
            known = answers.putIfAbsent(key, resolved);
        }
        return known != null ? known : resolved;
    }
}
