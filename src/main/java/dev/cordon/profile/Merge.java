package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Puts a higher layer (or a child profile) over a lower one, key by key, per {@link Key.Merge}. */
final class Merge {

    private Merge() {
    }

    static Settings overlay(Settings base, Settings top) {
        Settings out = base.copy();
        for (Key key : top.keys()) {
            Settings.Entry entry = top.get(key);
            Settings.Entry below = base.get(key);
            Object value = below == null ? entry.value() : combine(key, below.value(), entry.value());
            out.put(key, value, entry.origin(), below == null ? entry.items() : items(key, below, entry));
        }
        return out;
    }

    /** Where the entries of a combined list or map were written. */
    static Map<String, Provenance> items(Key key, Settings.Entry below, Settings.Entry above) {
        return switch (key.merge()) {
            case REPLACE, RULES -> above.items();
            case ADDITIVE -> firstWritten(below, above);
            case MAP -> {
                Map<String, Provenance> out = new LinkedHashMap<>(below.items());
                out.putAll(above.items());
                yield out;
            }
        };
    }

    /** The entries of both; one that both give keeps the lower layer's place, where it was first written. */
    static Map<String, Provenance> firstWritten(Settings.Entry below, Settings.Entry above) {
        Map<String, Provenance> out = new LinkedHashMap<>(below.items());
        above.items().forEach(out::putIfAbsent);
        return out;
    }

    static Object combine(Key key, Object below, Object above) {
        return switch (key.merge()) {
            case REPLACE -> above;
            case ADDITIVE -> union(strings(below), strings(above));
            case RULES -> rules(list(below), list(above));
            case MAP -> map(below, above);
        };
    }

    static List<String> union(List<String> below, List<String> above) {
        Set<String> out = new LinkedHashSet<>(below);
        out.addAll(above);
        return List.copyOf(out);
    }

    /** The higher layer's rules first (first match wins), then lower rules it did not replace by id. */
    static List<Object> rules(List<Object> below, List<Object> above) {
        Set<String> ids = new LinkedHashSet<>();
        for (Object rule : above) {
            ids.add(id(rule));
        }
        List<Object> out = new ArrayList<>(above);
        for (Object rule : below) {
            if (!ids.contains(id(rule))) {
                out.add(rule);
            }
        }
        return List.copyOf(out);
    }

    static String id(Object rule) {
        if (rule instanceof Profile.PathRule path) {
            return path.id();
        }
        return ((Profile.CommandRule) rule).id();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> map(Object below, Object above) {
        Map<String, String> out = new LinkedHashMap<>((Map<String, String>) below);
        out.putAll((Map<String, String>) above);
        return Map.copyOf(out);
    }

    @SuppressWarnings("unchecked")
    static List<String> strings(Object value) {
        return (List<String>) value;
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value) {
        return (List<Object>) value;
    }
}
