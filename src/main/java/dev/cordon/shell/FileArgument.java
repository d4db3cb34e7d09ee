package dev.cordon.shell;

/**
 * A file a simple command reads or writes, as far as its words tell.
 *
 * @param path the path as written, after quote removal and {@code ~}/{@code $HOME} expansion; not
 *     resolved against the working directory (the caller does that)
 * @param access whether the file is read or written
 * @param origin where in the command it was found, for explanations: {@code redirection `>>`},
 *     {@code operand}, {@code option `-o`}, {@code operand `of=`}
 */
public record FileArgument(String path, Access access, String origin) {
}
