package dev.cordon.fact;

import dev.cordon.path.Glob;
import dev.cordon.shell.Access;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One file the call reads or writes: the path of a file tool, or a redirection target or file
 * operand of a shell command.
 *
 * @param index 0-based position among the call's accesses
 * @param access read or write
 * @param written the path as written (after quote removal and {@code ~} expansion)
 * @param path the normalised path (absolute, {@code .}/{@code ..} collapsed)
 * @param real the path with symbolic links resolved; equal to {@code path} when none are involved
 * @param origin where it came from: {@code path}, {@code redirection} or {@code operand}
 * @param command the shell command that touches it, or null for a file tool
 * @param tree the command reads or writes everything below the path ({@code grep -r}, {@code cp -r})
 * @param pattern the path is a shell pattern that stands for every file it would match
 *     ({@code certs/*.pe?}); it hits a glob it is aimed at (see {@link Globs#aimed})
 */
public record FileAccess(int index, Access access, String written, String path, String real, String origin,
        Command command, boolean tree, boolean pattern) implements Subject {

    /**
     * Consistent with the record's equality, but cheap: the engine hashes an access on every join
     * on it, and the record's own hash would walk its whole command.
     */
    @Override
    public int hashCode() {
        return 31 * index + Objects.hashCode(path);
    }

    public boolean write() {
        return access == Access.WRITE;
    }

    /** Whether the path or the file it really is matches the glob: used for refusals. */
    public boolean hits(String glob) {
        return hits(glob, pattern ? Globs.pattern(path) : null);
    }

    /** {@code shellPattern}: the path compiled as a shell pattern, once for a whole list of globs. */
    private boolean hits(String glob, Glob shellPattern) {
        if (pattern) {
            return Globs.aimed(glob, shellPattern, path);
        }
        return Globs.matches(glob, path) || (!real.equals(path) && Globs.matches(glob, real));
    }

    /** Whether the path or the file it really is matches one of the globs (see {@link #hits}). */
    public boolean hitsAny(List<String> globs) {
        Glob shellPattern = pattern ? Globs.pattern(path) : null;
        for (String glob : globs) {
            if (hits(glob, shellPattern)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The globs of the list that {@link #hits} this access, in list order. Rules take their built-in
     * lists through this: one call per access instead of one network node per glob, and the same
     * findings as matching the globs one by one.
     */
    public List<String> hitsAmong(List<String> globs) {
        List<String> hit = List.of();
        Glob shellPattern = pattern ? Globs.pattern(path) : null;
        for (String glob : globs) {
            if (hits(glob, shellPattern)) {
                if (hit.isEmpty()) {
                    hit = new ArrayList<>(1);
                }
                hit.add(glob);
            }
        }
        return hit;
    }

    /** Whether both the path and the file it really is match the glob: used for permissions. */
    public boolean within(String glob) {
        return Globs.matches(glob, path) && (real.equals(path) || Globs.matches(glob, real));
    }

    /** Whether the path or the file it really is equals this path or lies below it. */
    public boolean under(String dir) {
        return isUnder(path, dir) || isUnder(real, dir);
    }

    /** Whether the path or the file it really is, is this very path. */
    public boolean is(String other) {
        return path.equals(other) || real.equals(other);
    }

    @Override
    public String describe() {
        String verb = access == Access.WRITE ? "write of `" : "read of `";
        String link = real.equals(path) ? "" : " (really `" + real + "`)";
        return verb + path + "`" + link;
    }

    @Override
    public boolean coveredBy(List<String> prefix) {
        return command == null ? prefix.isEmpty() : command.startsWith(prefix);
    }

    private static boolean isUnder(String candidate, String dir) {
        if (candidate.equals(dir)) {
            return true;
        }
        String base = dir.endsWith("/") ? dir : dir + "/";
        return candidate.startsWith(base);
    }
}
