package dev.cordon.spi;

import java.nio.file.Path;
import java.util.List;

/**
 * What a confined command may touch, with every path absolute and normalised. Every run also gets
 * a private temporary directory from its executor, named by {@code TMPDIR} in the child's
 * environment and removed when the run ends; the host's temporary directories are not among
 * these roots.
 *
 * @param workspace the project directory the command works in
 * @param readRoots directories and files the command may read (and execute)
 * @param writeRoots directories and files the command may write; always also readable
 * @param readOnlyPaths paths inside write roots that must stay read-only, including paths that do
 *     not exist yet (e.g. {@code .git/hooks}, the policy files in force)
 * @param hiddenPaths paths that must be neither readable nor writable even inside a root,
 *     including paths that do not exist yet
 * @param network what the command may connect to
 * @param limits resource limits; a zero field means no limit
 */
public record Confinement(
        Path workspace,
        List<Path> readRoots,
        List<Path> writeRoots,
        List<Path> readOnlyPaths,
        List<Path> hiddenPaths,
        NetworkPolicy network,
        Limits limits) {

    public Confinement {
        readRoots = List.copyOf(readRoots);
        writeRoots = List.copyOf(writeRoots);
        readOnlyPaths = List.copyOf(readOnlyPaths);
        hiddenPaths = List.copyOf(hiddenPaths);
    }
}
