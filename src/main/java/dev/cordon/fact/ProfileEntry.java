package dev.cordon.fact;

/**
 * The entry of one of the profile's lists that a rule acted on, so the decision can name where
 * that entry is written.
 *
 * @param setting the list's key path, e.g. {@code denied_paths} or {@code network.deny}
 * @param value the entry as it is in force
 */
public record ProfileEntry(String setting, String value) {
}
