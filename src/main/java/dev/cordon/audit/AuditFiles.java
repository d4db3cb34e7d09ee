package dev.cordon.audit;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** File-system details of the audit log: owner-only permissions and the rotated files. */
final class AuditFiles {

    private AuditFiles() {
    }

    /** {@code rw-------} where the file system has POSIX permissions. */
    static FileAttribute<?>[] ownerOnly() {
        return posix()
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new FileAttribute<?>[0];
    }

    /** Creates the missing parent directories of {@code file}, {@code rwx------}. */
    static void createParent(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (Files.isDirectory(parent)) {
            return;
        }
        if (posix()) {
            Files.createDirectories(parent, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(parent);
        }
    }

    /** The log and its rotated files that exist, oldest first: {@code .N … .2 .1} then the log. */
    static List<Path> oldestFirst(Path log) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int n : rotatedNumbers(log)) {
            files.add(Rotation.rotated(log, n));
        }
        if (Files.exists(log)) {
            files.add(log);
        }
        return files;
    }

    /** The numbers of the rotated files that exist, highest (oldest) first. */
    static List<Integer> rotatedNumbers(Path log) throws IOException {
        Path dir = log.toAbsolutePath().getParent();
        Pattern rotated = Pattern.compile(Pattern.quote(log.getFileName().toString()) + "\\.([1-9][0-9]{0,5})");
        List<Integer> numbers = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (var entries = Files.newDirectoryStream(dir)) {
                for (Path entry : entries) {
                    Matcher m = rotated.matcher(entry.getFileName().toString());
                    if (m.matches()) {
                        numbers.add(Integer.parseInt(m.group(1)));
                    }
                }
            }
        }
        numbers.sort((a, b) -> Integer.compare(b, a));
        return numbers;
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }
}
