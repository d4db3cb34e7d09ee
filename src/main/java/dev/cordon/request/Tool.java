package dev.cordon.request;

import java.util.Set;

/**
 * The tool an agent called: one whose meaning cordon knows ({@code bash} and the other shells,
 * {@code read_file}, {@code write_file}, {@code edit_file}, {@code list_directory}, {@code network}) or a custom
 * name, decided by the rules for custom tools.
 *
 * @param name the name the agent gives it
 */
public record Tool(String name) {

    public static final Tool BASH = new Tool("bash");
    public static final Tool READ_FILE = new Tool("read_file");
    public static final Tool WRITE_FILE = new Tool("write_file");
    public static final Tool EDIT_FILE = new Tool("edit_file");
    public static final Tool LIST_DIRECTORY = new Tool("list_directory");
    /** A new network connection, host and port given. */
    public static final Tool NETWORK = new Tool("network");

    private static final Set<String> SHELLS = Set.of(BASH.name, "shell", "sh", "exec", "run_command");
    private static final Set<String> WRITERS = Set.of(WRITE_FILE.name, EDIT_FILE.name);

    public Tool {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a tool needs a name");
        }
    }

    /** The tool of this name. */
    public static Tool of(String name) {
        return new Tool(name);
    }

    /** Runs a shell command line. */
    public boolean isShell() {
        return SHELLS.contains(name);
    }

    /** Writes or edits one file. */
    public boolean isWrite() {
        return WRITERS.contains(name);
    }

    @Override
    public String toString() {
        return name;
    }
}
