package dev.cordon.hook;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The files a Codex {@code apply_patch} patch touches. The format (codex-rs/apply-patch): a
 * {@code *** Begin Patch} line, hunks headed {@code *** Add File: P}, {@code *** Delete File: P}
 * or {@code *** Update File: P} (optionally followed by {@code *** Move to: Q}), and a
 * {@code *** End Patch} line; Codex also accepts the whole patch wrapped in a {@code <<EOF}
 * heredoc and spaces around the markers. Every marker line counts, wherever it stands: reading
 * more files than Codex would write is safe, fewer is not.
 */
final class PatchFiles {

    private static final List<String> FILE_MARKERS =
            List.of("*** Add File:", "*** Delete File:", "*** Update File:", "*** Move to:");

    private PatchFiles() {
    }

    /**
     * @throws BadEvent when the text is not a patch or names no file
     */
    static List<String> of(String patch) {
        List<String> lines = new ArrayList<>(List.of(patch.strip().split("\r?\n", -1)));
        if (lines.size() >= 4 && lines.get(0).strip().matches("<<['\"]?EOF['\"]?")
                && lines.get(lines.size() - 1).strip().endsWith("EOF")) {
            lines = lines.subList(1, lines.size() - 1);
        }
        if (lines.isEmpty() || !lines.get(0).strip().equals("*** Begin Patch")) {
            throw new BadEvent("the apply_patch input is not a patch: its first line must be `*** Begin Patch`");
        }
        if (!lines.get(lines.size() - 1).strip().equals("*** End Patch")) {
            throw new BadEvent("the apply_patch input is not a patch: its last line must be `*** End Patch`");
        }
        Set<String> files = new LinkedHashSet<>();
        for (String line : lines) {
            String marker = line.strip();
            for (String prefix : FILE_MARKERS) {
                if (marker.startsWith(prefix)) {
                    String path = marker.substring(prefix.length()).strip();
                    if (path.isEmpty()) {
                        throw new BadEvent("the patch has `" + prefix + "` without a path");
                    }
                    files.add(path);
                }
            }
        }
        if (files.isEmpty()) {
            throw new BadEvent("the patch names no file");
        }
        return List.copyOf(files);
    }
}
