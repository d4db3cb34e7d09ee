package dev.cordon.rules;

import dev.cordon.diagnostic.Provenance;
import dev.cordon.fact.Trust;
import java.nio.file.Path;

/**
 * One DRL file as read.
 *
 * @param path where it is
 * @param display how messages name it
 * @param layer the layer of its folder
 * @param trust the trust of its folder
 * @param text its contents
 * @param modified last-modified time in milliseconds, part of the cache key
 */
public record RuleFile(Path path, String display, Provenance.Layer layer, Trust trust, String text, long modified) {
}
