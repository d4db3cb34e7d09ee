package dev.cordon.executor.windows;

import java.nio.file.Files;
import java.nio.file.Path;

/** What a path is, for choosing a label's inheritance and finding what does not exist yet. */
@FunctionalInterface
interface WindowsHostFiles {

    enum Kind { DIRECTORY, FILE, MISSING }

    /** @param nativePath the path in native form, {@code C:\dir} */
    Kind kind(String nativePath);

    WindowsHostFiles REAL = nativePath -> {
        Path path = Path.of(nativePath);
        return Files.isDirectory(path) ? Kind.DIRECTORY : Files.exists(path) ? Kind.FILE : Kind.MISSING;
    };
}
