package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;

/**
 * One selectable profile, as {@code cordon profile list} shows it.
 *
 * @param name the name to select it by
 * @param layer where the file that wins for this name is
 * @param file that file, as the user would name it
 * @param description its {@code description}, or an empty string
 */
public record ProfileListing(String name, Provenance.Layer layer, String file, String description) {
}
