package dev.cordon.executor.docker;

import java.nio.file.Files;
import java.nio.file.Path;

/** What a host path is, as far as mounting it goes; symlinks are followed. */
@FunctionalInterface
interface DockerHostFiles {

    enum Kind { DIRECTORY, FILE, MISSING }

    Kind kind(Path path);

    /** The real file system of this machine (the docker daemon is assumed to share it). */
    DockerHostFiles REAL = path -> Files.isDirectory(path) ? Kind.DIRECTORY
            : Files.exists(path) ? Kind.FILE : Kind.MISSING;
}
