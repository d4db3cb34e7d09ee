package dev.cordon.shell;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps {@link KnownFiles} up to date as commands are emitted: a redirection or {@code tee}
 * whose text is known gives a file that content; any other write makes it unknown.
 */
final class FileWrites {

    private FileWrites() {
    }

    static void record(RawCommand raw, List<SimpleCommand> emitted, KnownFiles files) {
        Set<String> followed = new HashSet<>(2);
        for (RawCommand.Redirect r : raw.redirects) {
            boolean stdout = r.fd() == 1 || r.fd() == -1;
            boolean append = r.operator().equals(">>") || r.operator().equals("&>>");
            boolean writes = append || r.operator().equals(">") || r.operator().equals(">|") || r.operator().equals("&>");
            if (stdout && writes && !r.target().unknown) {
                files.printedTo(r.target().value, raw, append);
                followed.add(r.target().value);
            }
        }
        if (!raw.words.isEmpty() && !raw.words.get(0).dynamic()
                && Unwrapper.basename(raw.words.get(0).value).equals("tee")) {
            for (Word w : raw.words.subList(1, raw.words.size())) {
                if (!w.value.startsWith("-") && !w.unknown) {
                    files.copiedTo(w.value, raw);
                    followed.add(w.value);
                }
            }
        }
        for (SimpleCommand c : files.isEmpty() ? List.<SimpleCommand>of() : emitted) {
            if (c.depth() != raw.depth) {
                continue; // a nested command recorded its own writes when it was emitted
            }
            for (FileArgument f : CommandFiles.of(c)) {
                if (f.access() == Access.WRITE && !followed.contains(f.path())) {
                    files.unknown(f.path());
                }
            }
        }
    }
}
