package dev.cordon.fact;

import dev.cordon.profile.Profile;

/**
 * The profile's network setting, as network rules need it.
 *
 * @param enabled whether any network is allowed
 * @param allowList whether only the {@code network.allow} entries are reachable
 */
public record NetworkAccess(boolean enabled, boolean allowList) {

    public static NetworkAccess of(Profile.Network network) {
        return new NetworkAccess(network.enabled(), network.enabled() && !network.allow().isEmpty());
    }
}
