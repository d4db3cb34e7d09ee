package dev.cordon.shell;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What cordon knows of a shell variable: one text, an array, one of several texts (a variable a
 * loop or a branch may have set), or nothing.
 *
 * @param kind which of these
 * @param items the text, the array's elements, or the possible texts; empty when unknown
 */
record Value(Kind kind, List<String> items) {

    enum Kind { SCALAR, ARRAY, CHOICE, UNKNOWN }

    /** More possible texts than this is as good as not knowing. */
    static final int MAX_CHOICES = 16;

    static final Value UNKNOWN = new Value(Kind.UNKNOWN, List.of());
    static final Value EMPTY = scalar("");

    Value {
        items = List.copyOf(items);
    }

    static Value scalar(String text) {
        return new Value(Kind.SCALAR, List.of(text));
    }

    static Value array(List<String> elements) {
        return new Value(Kind.ARRAY, elements);
    }

    /** One of these texts; a single text is a scalar, too many are unknown. */
    static Value choice(List<String> texts) {
        Set<String> distinct = new LinkedHashSet<>(texts);
        if (distinct.size() == 1) {
            return scalar(distinct.iterator().next());
        }
        if (distinct.isEmpty() || distinct.size() > MAX_CHOICES) {
            return UNKNOWN;
        }
        return new Value(Kind.CHOICE, new ArrayList<>(distinct));
    }

    boolean known() {
        return kind != Kind.UNKNOWN;
    }

    /** The value when either this or {@code other} holds: after a branch or a loop. */
    Value or(Value other) {
        if (kind == Kind.UNKNOWN || other.kind == Kind.UNKNOWN || kind == Kind.ARRAY || other.kind == Kind.ARRAY) {
            return equals(other) ? this : UNKNOWN;
        }
        List<String> texts = new ArrayList<>(items);
        texts.addAll(other.items);
        return choice(texts);
    }

    /** As a scalar: the text, an array's first element; null for a choice or unknown. */
    String text() {
        return switch (kind) {
            case SCALAR -> items.get(0);
            case ARRAY -> items.isEmpty() ? "" : items.get(0);
            default -> null;
        };
    }
}
