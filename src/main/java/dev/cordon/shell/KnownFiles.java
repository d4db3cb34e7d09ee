package dev.cordon.shell;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Files whose contents the line itself gives: written earlier by a command whose output is
 * known ({@code printf 'x' > f}, {@code … | tee f}), and the pipes of process substitutions
 * ({@code <(echo x)}). A shell that later runs such a file runs that text.
 */
final class KnownFiles implements TextOutput.Files {

    /** How the content of one file is found, once it is needed. */
    private interface Content {
        String read(TextOutput.Files files);
    }

    /** Nested reads deeper than this give up: a file written from itself. */
    private static final int MAX_NESTED = 8;

    private final Map<String, Content> contents = new HashMap<>(0);
    private final String pwd;
    private int reading;

    KnownFiles(String pwd) {
        this.pwd = pwd;
    }

    /** {@code command > path}: the file holds what the command prints ({@code >>} adds to it). */
    void printedTo(String path, RawCommand command, boolean append) {
        Content before = append ? contents.get(key(path)) : null;
        put(path, files -> {
            // Added to a file the line did not write: what was there runs as the file would anyway.
            String head = before == null ? "" : before.read(files);
            String text = TextOutput.printed(command, files);
            return head == null || text == null ? null : head + text;
        });
    }

    /** {@code … | tee path}: the file holds what the command reads. */
    void copiedTo(String path, RawCommand command) {
        put(path, files -> TextOutput.stdin(command, files));
    }

    /** {@code <(commands)}: reading the pipe gives what the commands print. */
    void substitution(String word, List<RawCommand> commands, int depth) {
        List<RawCommand> inside = List.copyOf(commands);
        put(word, files -> TextOutput.of(inside, depth, files));
    }

    /** A file the line wrote in a way cordon cannot follow: its content is unknown from now on. */
    void unknown(String path) {
        contents.remove(key(path));
    }

    @Override
    public String content(String path) {
        Content content = contents.get(key(path));
        if (content == null || reading >= MAX_NESTED) {
            return null;
        }
        reading++;
        try {
            return content.read(this);
        } finally {
            reading--;
        }
    }

    boolean isEmpty() {
        return contents.isEmpty();
    }

    boolean known(String path) {
        return contents.containsKey(key(path));
    }

    private void put(String path, Content content) {
        contents.put(key(path), content);
    }

    /** {@code ./x}, {@code x} and {@code $PWD/x} name one file. */
    private String key(String path) {
        String p = path;
        if (pwd != null && p.startsWith(pwd + "/")) {
            p = p.substring(pwd.length() + 1);
        }
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        while (p.contains("//")) {
            p = p.replace("//", "/");
        }
        return p;
    }
}
