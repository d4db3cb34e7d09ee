package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * A partial profile: the settings one file or layer sets, each with where it was set. Values
 * have the types of the {@link Profile} components: {@link Profile.Mode}, {@code String},
 * {@code Boolean}, {@code Integer}, {@code List<String>}, {@code List<Profile.PathRule>},
 * {@code List<Profile.CommandRule>}, {@code Map<String, String>} and the other enums.
 *
 * <p>Filled while a file is read, then never changed: merging always builds a new instance, so
 * parsed documents can be cached and shared.
 */
final class Settings {

    /**
     * One setting's value and origin.
     *
     * @param items for a list or map setting, where each entry (a list item, a map key) was written
     */
    record Entry(Object value, Provenance origin, Map<String, Provenance> items) {
        Entry {
            items = Map.copyOf(items);
        }
    }

    private final Map<Key, Entry> entries = new EnumMap<>(Key.class);

    Settings copy() {
        Settings out = new Settings();
        out.entries.putAll(entries);
        return out;
    }

    void put(Key key, Object value, Provenance origin) {
        put(key, value, origin, Map.of());
    }

    void put(Key key, Object value, Provenance origin, Map<String, Provenance> items) {
        entries.put(key, new Entry(value, origin, items));
    }

    Entry get(Key key) {
        return entries.get(key);
    }

    Object value(Key key) {
        Entry entry = entries.get(key);
        return entry == null ? null : entry.value();
    }

    boolean has(Key key) {
        return entries.containsKey(key);
    }

    Set<Key> keys() {
        return entries.keySet();
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }
}
