package dev.cordon.engine;

import dev.cordon.fact.FileAccess;
import dev.cordon.shell.Access;

/**
 * A file access the gates checked.
 *
 * @param access read or write
 * @param written the path as written
 * @param path the normalised path
 * @param real the path with symbolic links resolved
 * @param origin {@code path}, {@code redirection} or {@code operand}
 * @param command the text of the shell command that makes it, or null for a file tool
 */
public record CheckedAccess(Access access, String written, String path, String real, String origin, String command) {

    static CheckedAccess of(FileAccess a) {
        return new CheckedAccess(a.access(), a.written(), a.path(), a.real(), a.origin(),
                a.command() == null ? null : a.command().text());
    }
}
