package dev.cordon.shell;

/**
 * A file a simple command reads or writes, as far as its words tell.
 *
 * @param path the path as written, after quote removal and {@code ~}/{@code $HOME} expansion; not
 *     resolved against the working directory (the caller does that)
 * @param access whether the file is read or written
 * @param origin where in the command it was found, for explanations: {@code redirection `>>`},
 *     {@code operand}, {@code option `-o`}, {@code operand `of=`}
 * @param tree the command reads everything below the path, not only the path itself
 *     ({@code grep -r}, {@code cp -r}, {@code tar -c}, {@code rsync -a})
 */
public record FileArgument(String path, Access access, String origin, boolean tree) {

    public FileArgument(String path, Access access, String origin) {
        this(path, access, origin, false);
    }
}
