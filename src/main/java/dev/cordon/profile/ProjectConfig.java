package dev.cordon.profile;

import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A project's {@code .cordon/} folder: finding it, and recording the profile it uses. */
public final class ProjectConfig {

    public static final String DIR = ".cordon";
    public static final String FILE = "config.yaml";

    /** A top-level {@code profile:} line; the value may be quoted, a trailing comment is kept. */
    private static final Pattern PROFILE_LINE = Pattern.compile(
            "^profile[ \\t]*:[ \\t]*(?:\"[^\"\\n]*\"|'[^'\\n]*'|[^#\\s]*)[ \\t]*(#.*)?$", Pattern.MULTILINE);

    private ProjectConfig() {
    }

    /** The nearest directory at or above {@code cwd} that holds a {@code .cordon/} folder, or null. */
    public static Path findRoot(Path cwd) {
        for (Path dir = cwd.toAbsolutePath().normalize(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve(DIR))) {
                return dir;
            }
        }
        return null;
    }

    /**
     * Records {@code profile: NAME} in the nearest project config, creating
     * {@code <cwd>/.cordon/config.yaml} when there is no project above the cwd. Other keys and
     * comments stay as they are.
     *
     * @return the config file written
     * @throws UserError with {@link ExitCode#USAGE} when the profile does not exist
     */
    public static Path use(PolicySources sources, String name) {
        ProfileResolver resolver = new ProfileResolver();
        if (!resolver.names(sources).contains(name)) {
            throw new UserError(ExitCode.USAGE, "unknown profile `" + name + "`",
                    "known profiles: " + String.join(", ", resolver.names(sources)));
        }
        Path root = findRoot(sources.cwd());
        Path config = (root == null ? sources.cwd().toAbsolutePath().normalize() : root).resolve(DIR).resolve(FILE);
        try {
            String before = Files.isRegularFile(config) ? Files.readString(config, StandardCharsets.UTF_8) : "";
            String after = withProfile(before, name);
            // Check the new text reads back as selecting NAME before anything touches the disk.
            String selected = resolver.selectedBy(sources, config, after);
            if (!name.equals(selected)) {
                throw new UserError(ExitCode.USAGE, "cannot set `profile` in `" + config + "`; edit it by hand");
            }
            Files.createDirectories(config.getParent());
            writeAtomically(config, after);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write `" + config + "`", e);
        }
        return config;
    }

    /** The config text with its top-level {@code profile:} set to {@code name}. */
    static String withProfile(String text, String name) {
        Matcher line = PROFILE_LINE.matcher(text);
        if (line.find()) {
            String comment = line.group(1) == null ? "" : " " + line.group(1);
            String replaced = text.substring(0, line.start()) + "profile: " + name + comment + text.substring(line.end());
            if (line.find()) {
                throw new UserError(ExitCode.USAGE, "more than one `profile:` line in the project config; fix it by hand");
            }
            return replaced;
        }
        if (Pattern.compile("^profile[ \\t]*:", Pattern.MULTILINE).matcher(text).find()) {
            throw new UserError(ExitCode.USAGE, "cannot update the `profile:` value in the project config; edit it by hand");
        }
        // After the leading comment block, so a header comment stays on top.
        int at = 0;
        while (at < text.length() && (text.startsWith("#", at) || text.startsWith("\n", at))) {
            int end = text.indexOf('\n', at);
            at = end < 0 ? text.length() : end + 1;
        }
        String head = text.substring(0, at);
        if (!head.isEmpty() && !head.endsWith("\n")) {
            head += "\n";
        }
        return head + "profile: " + name + "\n" + text.substring(at);
    }

    private static void writeAtomically(Path target, String text) throws IOException {
        Path temp = Files.createTempFile(target.getParent(), FILE, ".tmp");
        try {
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            try {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
