package dev.cordon.shell;

import java.util.Set;

/**
 * The git settings whose value git runs as a shell command: an alias starting with {@code !},
 * pagers, editors, helpers and drivers. Keys are compared in lower case, as git reads them.
 */
final class GitSettings {

    private static final Set<String> EXACT = Set.of(
            "core.pager", "core.editor", "sequence.editor", "core.sshcommand", "core.askpass", "core.fsmonitor",
            "diff.external", "gpg.program", "credential.helper", "web.browser", "uploadpack.packobjectshook",
            "core.gitproxy", "include.path", "sendemail.smtpserver", "sendemail.sendmailcmd");

    /** {@code section.*.key} and {@code section.*} settings that name a program. */
    private static final String[][] PATTERNS = {
        {"pager.", ""}, {"diff.", ".command"}, {"diff.", ".textconv"}, {"merge.", ".driver"},
        {"filter.", ".clean"}, {"filter.", ".smudge"}, {"filter.", ".process"}, {"gpg.", ".program"},
        {"browser.", ".cmd"}, {"man.", ".cmd"}, {"difftool.", ".cmd"}, {"mergetool.", ".cmd"},
        {"remote.", ".uploadpack"}, {"remote.", ".receivepack"}, {"includeif.", ".path"}, {"credential.", ".helper"},
    };

    private GitSettings() {
    }

    /** Whether git runs (or loads settings from) the value of this key. */
    static boolean runs(String key) {
        if (EXACT.contains(key) || key.startsWith("alias.")) {
            return true;
        }
        for (String[] pattern : PATTERNS) {
            if (key.startsWith(pattern[0]) && key.endsWith(pattern[1]) && key.length() > pattern[0].length() + pattern[1].length()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The shell command git runs for this setting, or null when it runs none: an alias runs one
     * only after {@code !}; {@code core.fsmonitor} may be a boolean; an included file is not code
     * cordon can read, so it stands for itself (and is not known).
     */
    static String code(String key, String value) {
        if (key.startsWith("alias.")) {
            return value.startsWith("!") ? value.substring(1) : null;
        }
        if (!runs(key)) {
            return null;
        }
        if (key.equals("core.fsmonitor") && (value.equals("true") || value.equals("false"))) {
            return null;
        }
        if (key.equals("credential.helper") || key.endsWith(".helper")) {
            return value.startsWith("!") ? value.substring(1) : value.isEmpty() ? null : "git-credential-" + value;
        }
        return value;
    }

    /** Whether the setting loads another configuration file, whose settings cordon cannot see. */
    static boolean includes(String key) {
        return key.equals("include.path") || (key.startsWith("includeif.") && key.endsWith(".path"));
    }
}
