package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a resolved profile's settings come from: for each YAML key path (e.g.
 * {@code network.enabled}) the layer and place that last set it, and for each entry of a list
 * setting (a denied path, a denied command, an environment name) where that entry was written.
 * Path and command rules carry their own {@link Provenance}.
 *
 * @param settings key path to where the setting was last set; {@code profile} is where the
 *     profile was chosen
 * @param entries key path to (entry as it is in force to where it was written)
 */
public record Origins(Map<String, Provenance> settings, Map<String, Map<String, Provenance>> entries) {

    /** A profile built in code, not read from files. */
    public static final Origins NONE = new Origins(Map.of(), Map.of());

    public Origins {
        settings = Map.copyOf(settings);
        Map<String, Map<String, Provenance>> copy = new LinkedHashMap<>();
        entries.forEach((key, items) -> copy.put(key, Map.copyOf(items)));
        entries = Map.copyOf(copy);
    }

    /** Where the setting with this key path was last set, or null when it was not read from a layer. */
    public Provenance get(String key) {
        return settings.get(key);
    }

    /** Where an entry of a list setting was written; where the list was set when that is unknown, or null. */
    public Provenance entry(String key, String value) {
        Provenance own = entries.getOrDefault(key, Map.of()).get(value);
        return own != null ? own : settings.get(key);
    }
}
