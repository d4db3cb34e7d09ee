package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A program's arguments sorted into options, option values and operands.
 *
 * @param flags normalised options, as in {@link SimpleCommand#flags()}
 * @param operands arguments that are neither options nor option values
 * @param values the value each value-taking option was given, in order
 */
record ScannedArgs(Set<String> flags, List<String> operands, List<OptionValue> values) {

    /** A value given to an option: {@code -o out.txt}, {@code --file=x}, {@code -C dir}. */
    record OptionValue(String flag, String value) {
    }

    /** Every value given to {@code flag} (a canonical spelling), in order. */
    List<String> valuesOf(String flag) {
        List<String> found = new ArrayList<>(1);
        for (OptionValue v : values) {
            if (v.flag().equals(flag)) {
                found.add(v.value());
            }
        }
        return found;
    }

    boolean has(String flag) {
        return flags.contains(flag);
    }
}
