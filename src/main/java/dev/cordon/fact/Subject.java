package dev.cordon.fact;

import java.util.List;

/**
 * What a finding is about: the whole call, one simple command, one file access, or the destination
 * of a network connection. Each gate
 * decides per subject; an explicit ALLOW for one subject never covers another.
 */
public sealed interface Subject permits Call, Command, FileAccess, Destination {

    /** A short human description, e.g. {@code command `rm -rf /`}. */
    String describe();

    /**
     * Whether a standing approval for these leading words of a command covers this subject. File
     * accesses made by a shell command are covered when their command is.
     */
    boolean coveredBy(List<String> prefix);
}
