package dev.cordon.shell;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * How one program spells its options: which take a value, which spellings mean the same option.
 *
 * @param syntax how the arguments are laid out
 * @param valueLetters short options whose value is attached or the next word ({@code -f FILE})
 * @param optionalLetters short options whose value may only be attached ({@code sed -i.bak})
 * @param valueLongs long options (with {@code --}) whose value is the next word when no {@code =}
 * @param longs every long option the program knows, for unique-prefix abbreviations
 * @param synonyms spelling to canonical flag ({@code --recursive} to {@code -r})
 * @param letters when not empty, the only short option letters; a word such as {@code -x} with
 *     any other letter is an operand ({@code chmod -x file} is a mode)
 */
record OptionSpec(
        Syntax syntax,
        String valueLetters,
        String optionalLetters,
        Set<String> valueLongs,
        Set<String> longs,
        Map<String, String> synonyms,
        String letters) {

    /** How a program's arguments are laid out. */
    enum Syntax {
        /** getopt_long: options anywhere, long options may be abbreviated to a unique prefix. */
        GNU,
        /** getopt-like, but long options must be spelt in full. */
        EXACT,
        /** {@code find}: leading paths, then an expression of single-dash words. */
        FIND,
        /** {@code tar}: GNU options, and the first word may be a dash-less cluster ({@code xzf}). */
        TAR,
        /** {@code git}: global options, a subcommand, then that subcommand's options. */
        GIT
    }

    static final OptionSpec DEFAULT = parse(Syntax.GNU, "", "", "");

    /**
     * Builds a spec from compact text: {@code values} lists options taking a value ({@code -f
     * --file}; a trailing {@code ?} marks an attached-only value), {@code synonyms} lists
     * {@code spelling=canonical} pairs, {@code longs} further long options the program knows.
     */
    static OptionSpec parse(Syntax syntax, String values, String synonyms, String longs) {
        StringBuilder valueLetters = new StringBuilder();
        StringBuilder optionalLetters = new StringBuilder();
        Set<String> valueLongs = new HashSet<>();
        Set<String> allLongs = new HashSet<>();
        for (String option : words(values)) {
            if (option.startsWith("--")) {
                valueLongs.add(option);
                allLongs.add(option);
            } else if (option.endsWith("?")) {
                optionalLetters.append(option.charAt(1));
            } else {
                valueLetters.append(option.charAt(1));
            }
        }
        Map<String, String> canonical = new HashMap<>();
        for (String pair : words(synonyms)) {
            int equals = pair.indexOf('=');
            canonical.put(pair.substring(0, equals), pair.substring(equals + 1));
            if (pair.startsWith("--")) {
                allLongs.add(pair.substring(0, equals));
            }
        }
        for (String option : words(longs)) {
            allLongs.add(option);
        }
        return new OptionSpec(syntax, valueLetters.toString(), optionalLetters.toString(),
                Set.copyOf(valueLongs), Set.copyOf(allLongs), Map.copyOf(canonical), "");
    }

    private static String[] words(String text) {
        String trimmed = text.strip();
        return trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+");
    }

    /** The same spec, accepting only {@code letters} as short options. */
    OptionSpec onlyLetters(String known) {
        return new OptionSpec(syntax, valueLetters, optionalLetters, valueLongs, longs, synonyms, known);
    }

    /** The long option {@code name} means, resolving a unique abbreviation for GNU programs. */
    String resolveLong(String name) {
        if (syntax == Syntax.EXACT || longs.contains(name)) {
            return name;
        }
        String match = null;
        for (String candidate : longs) {
            if (candidate.startsWith(name)) {
                if (match != null) {
                    return name;
                }
                match = candidate;
            }
        }
        return match == null ? name : match;
    }

    String canonical(String flag) {
        return synonyms.getOrDefault(flag, flag);
    }

    boolean longTakesValue(String resolved) {
        return valueLongs.contains(resolved);
    }
}
