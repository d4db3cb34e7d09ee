package dev.cordon.executor.windows;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A Windows machine in memory: paths (compared without regard to case) with their kind and
 * explicit label. {@code failWrite} makes label writes to matching paths fail, as an access
 * error would.
 */
final class FakeMachine implements WindowsMachine {

    final Map<String, Kind> kinds = new LinkedHashMap<>();
    final Map<String, String> labels = new LinkedHashMap<>();
    Predicate<String> failWrite = path -> false;

    FakeMachine with(String nativePath, Kind kind) {
        kinds.put(key(nativePath), kind);
        return this;
    }

    String label(String nativePath) {
        return labels.getOrDefault(key(nativePath), "");
    }

    @Override
    public Kind kind(String nativePath) {
        return kinds.getOrDefault(key(nativePath), Kind.MISSING);
    }

    @Override
    public void createDirectory(String nativePath) throws IOException {
        if (kind(nativePath) != Kind.MISSING) {
            throw new FileAlreadyExistsException(nativePath);
        }
        kinds.put(key(nativePath), Kind.DIRECTORY);
    }

    @Override
    public boolean deleteIfEmpty(String nativePath) {
        String prefix = key(nativePath) + "\\";
        if (kinds.keySet().stream().anyMatch(k -> k.startsWith(prefix))) {
            return false;
        }
        kinds.remove(key(nativePath));
        labels.remove(key(nativePath));
        return true;
    }

    @Override
    public String readLabel(String nativePath) {
        return label(nativePath);
    }

    @Override
    public void writeLabel(String nativePath, String sddl) throws IOException {
        if (failWrite.test(nativePath)) {
            throw new IOException("access is denied");
        }
        if (sddl.isEmpty()) {
            labels.remove(key(nativePath));
        } else {
            labels.put(key(nativePath), sddl);
        }
    }

    private static String key(String nativePath) {
        return nativePath.toLowerCase(Locale.ROOT);
    }
}
