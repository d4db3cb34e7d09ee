package dev.cordon.shell;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether a command runs on another machine: it was reached through {@code ssh HOST} (the runner
 * {@link EmbeddedCode} names it by) and HOST is not this machine. Its paths are that machine's,
 * so they are not files here; what it does is still checked ({@code ssh host rm -rf /}). A host
 * that names this machine ({@code localhost}, a loopback address, this machine's name) keeps its
 * paths: {@code ssh localhost} leaves the sandbox and works on this machine's files.
 */
final class RemoteShell {

    /** The runner prefix of a remote command. */
    static final String RUNNER = "ssh ";

    private RemoteShell() {
    }

    static boolean runsElsewhere(List<String> wrappers) {
        for (String wrapper : wrappers) {
            if (wrapper.startsWith(RUNNER) && !isThisMachine(wrapper.substring(RUNNER.length()))) {
                return true;
            }
        }
        return false;
    }

    /** {@code [user@]host}: loopback names and addresses, or this machine's own name. */
    static boolean isThisMachine(String destination) {
        String host = destination.substring(destination.lastIndexOf('@') + 1).toLowerCase(Locale.ROOT);
        if (host.startsWith("ssh://")) {
            host = host.substring("ssh://".length());
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return host.isEmpty() || host.equals("localhost") || host.startsWith("localhost.") || host.startsWith("127.")
                || host.equals("::1") || host.equals("0.0.0.0") || host.equals("0") || host.startsWith("$")
                || host.equals(ThisHost.NAME) || (!ThisHost.NAME.isEmpty() && host.startsWith(ThisHost.NAME + "."));
    }

    /** This machine's name, read the first time a destination is not a loopback one. */
    private static final class ThisHost {

        static final String NAME = read();

        private static String read() {
            try {
                return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.US_ASCII).strip()
                        .toLowerCase(Locale.ROOT);
            } catch (IOException | RuntimeException e) {
                return ""; // not Linux: only the loopback names count
            }
        }
    }
}
