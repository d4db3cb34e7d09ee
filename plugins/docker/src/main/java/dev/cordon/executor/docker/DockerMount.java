package dev.cordon.executor.docker;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One {@code --mount} of a container. The value is a comma-separated list that docker reads as
 * CSV, so a field holding a comma or a double quote is written in double quotes with inner quotes
 * doubled: unlike {@code -v src:dst:ro}, any path can be expressed.
 *
 * @param type bind or tmpfs
 * @param source the host path of a bind; null for a tmpfs
 * @param target where it appears in the container
 * @param access read-only or read-write
 * @param mode the tmpfs root's permission bits; ignored for a bind
 * @param sizeBytes the tmpfs size; ignored for a bind
 */
record DockerMount(Type type, Path source, Path target, Access access, int mode, long sizeBytes) {

    enum Type { BIND, TMPFS }

    enum Access { READ_ONLY, READ_WRITE }

    /** Bytes of a tmpfs that only stands in for something: it stays empty. */
    static final long EMPTY_SIZE = 4096;

    static DockerMount bind(Path source, Path target, Access access) {
        return new DockerMount(Type.BIND, source, target, access, 0, 0);
    }

    /** An empty read-only directory. */
    static DockerMount emptyDirectory(Path target, int mode) {
        return new DockerMount(Type.TMPFS, null, target, Access.READ_ONLY, mode, EMPTY_SIZE);
    }

    static DockerMount scratch(Path target, int mode, long sizeBytes) {
        return new DockerMount(Type.TMPFS, null, target, Access.READ_WRITE, mode, sizeBytes);
    }

    /** The value of {@code --mount=}. */
    String render() {
        List<String> fields = new ArrayList<>();
        fields.add("type=" + type.name().toLowerCase(Locale.ROOT));
        if (type == Type.BIND) {
            fields.add("source=" + source);
        }
        fields.add("target=" + target);
        if (access == Access.READ_ONLY) {
            fields.add("readonly");
        }
        if (type == Type.TMPFS) {
            fields.add(String.format(Locale.ROOT, "tmpfs-mode=%04o", mode));
            fields.add("tmpfs-size=" + sizeBytes);
        }
        List<String> quoted = new ArrayList<>();
        for (String field : fields) {
            quoted.add(csv(field));
        }
        return String.join(",", quoted);
    }

    private static String csv(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && !field.startsWith(" ")) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
