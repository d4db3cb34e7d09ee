package dev.cordon.diagnostic;

import java.nio.file.Path;

/** How messages and decisions name a file, so that the user can open it from where they are. */
public final class FileNames {

    private FileNames() {
    }

    /** Relative to the working directory when inside it, else the whole path. */
    public static String display(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath();
        return absolute.startsWith(cwd) && !absolute.equals(cwd) ? cwd.relativize(absolute).toString()
                : absolute.toString();
    }
}
