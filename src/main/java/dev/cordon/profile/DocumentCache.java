package dev.cordon.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** A small least-recently-used cache of parsed documents; documents are immutable once read. */
final class DocumentCache {

    private final Map<Object, Object> entries;

    DocumentCache(int capacity) {
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The cached value, or the computed one (a failure is not cached: it throws every time). */
    Object get(Object key, Supplier<Object> compute) {
        synchronized (entries) {
            Object cached = entries.get(key);
            if (cached != null) {
                return cached;
            }
        }
        Object value = compute.get();
        synchronized (entries) {
            entries.put(key, value);
        }
        return value;
    }
}
