package dev.cordon.executor.windows;

import dev.cordon.spi.ExecutorException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Windows paths, made comparable the way the policy layer does it: forward slashes, a lower-case
 * drive letter, {@code .} and {@code ..} collapsed ({@code C:\Users\Me\..\Me} is {@code
 * c:/Users/Me}), network shares as {@code //server/share/…}. Windows compares names without regard
 * to case, so containment does too. The native form ({@code C:\Users\Me}) is what Win32 calls get.
 */
final class WindowsPaths {

    private static final Pattern DRIVE = Pattern.compile("([A-Za-z]):[\\\\/](.*)", Pattern.DOTALL);
    private static final String FORBIDDEN = "<>\"|?*:";

    private WindowsPaths() {
    }

    /** {@code c:/dir/file} or {@code //server/share/dir}. */
    static String canonical(String path) throws ExecutorException {
        String text = path;
        if (text.startsWith("\\\\?\\UNC\\")) {
            text = "\\\\" + text.substring(8);
        } else if (text.startsWith("\\\\?\\") || text.startsWith("//?/")) {
            text = text.substring(4);
        }
        String prefix;
        String rest;
        Matcher drive = DRIVE.matcher(text);
        if (drive.matches()) {
            prefix = drive.group(1).toLowerCase(Locale.ROOT) + ":";
            rest = drive.group(2);
        } else if ((text.startsWith("\\\\") || text.startsWith("//")) && !text.startsWith("\\\\.\\")) {
            String[] parts = text.substring(2).split("[\\\\/]", 3);
            if (parts.length < 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
                throw new ExecutorException("`" + path + "` names no share");
            }
            prefix = "//" + parts[0] + "/" + parts[1];
            rest = parts.length == 3 ? parts[2] : "";
        } else {
            throw new ExecutorException("`" + path + "` is not an absolute Windows path");
        }
        Deque<String> names = new ArrayDeque<>();
        for (String name : rest.split("[\\\\/]")) {
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                names.pollLast();
                continue;
            }
            if (name.chars().anyMatch(c -> c < 0x20 || FORBIDDEN.indexOf(c) >= 0)) {
                throw new ExecutorException("`" + path + "` holds a character Windows does not allow in a name");
            }
            names.add(name);
        }
        return prefix + "/" + String.join("/", names);
    }

    /** {@code C:\dir\file} from a canonical path, for Win32 calls and icacls. */
    static String nativeForm(String canonical) {
        String text = canonical.replace('/', '\\');
        if (text.length() >= 2 && text.charAt(1) == ':') {
            return Character.toUpperCase(text.charAt(0)) + text.substring(1);
        }
        return text;
    }

    /** Whether {@code path} is {@code root} or below it, both canonical, ignoring case. */
    static boolean inside(String path, String root) {
        String p = path.toLowerCase(Locale.ROOT);
        String r = root.toLowerCase(Locale.ROOT);
        return p.equals(r) || p.startsWith(r.endsWith("/") ? r : r + "/");
    }

    /** How many names deep a canonical path is, for shallow-before-deep order. */
    static int depth(String canonical) {
        return (int) canonical.chars().filter(c -> c == '/').count();
    }
}
