package dev.cordon.profile;

import dev.cordon.diagnostic.Provenance;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns complete {@link Settings} (the defaults layer guarantees every key) into a {@link Profile}. */
final class Assembly {

    private Assembly() {
    }

    static Profile profile(String name, Settings settings, Provenance selection) {
        Map<String, Provenance> origins = new LinkedHashMap<>();
        Map<String, Map<String, Provenance>> entries = new LinkedHashMap<>();
        if (selection != null) {
            origins.put("profile", selection);
        }
        for (Key key : Key.values()) {
            Settings.Entry entry = settings.get(key);
            if (entry == null) {
                throw new IllegalStateException("setting `" + key.path() + "` has no value");
            }
            origins.put(key.path(), entry.origin());
            if (!entry.items().isEmpty()) {
                entries.put(key.path(), entry.items());
            }
        }
        return new Profile(
                name,
                (Profile.Mode) settings.value(Key.MODE),
                (String) settings.value(Key.EXECUTOR),
                (String) settings.value(Key.FALLBACK),
                bool(settings, Key.READ_ONLY),
                new Profile.Approval(bool(settings, Key.APPROVAL_WRITES), bool(settings, Key.APPROVAL_EXECUTE)),
                strings(settings, Key.ALLOWED_PATHS),
                strings(settings, Key.DENIED_PATHS),
                list(settings, Key.PATH_RULES),
                list(settings, Key.COMMAND_RULES),
                strings(settings, Key.DENIED_COMMANDS),
                new Profile.Filesystem(
                        strings(settings, Key.FILESYSTEM_READ),
                        strings(settings, Key.FILESYSTEM_WRITE),
                        strings(settings, Key.FILESYSTEM_DENY)),
                new Profile.Network(
                        bool(settings, Key.NETWORK_ENABLED),
                        strings(settings, Key.NETWORK_ALLOW),
                        strings(settings, Key.NETWORK_DENY)),
                new Profile.Resources(
                        count(settings, Key.MAX_PROCESSES),
                        count(settings, Key.MEMORY_MB),
                        count(settings, Key.CPU_SECONDS),
                        count(settings, Key.FILE_SIZE_MB),
                        count(settings, Key.TIMEOUT_SECONDS),
                        count(settings, Key.OUTPUT_KB),
                        count(settings, Key.CPU_PERCENT),
                        count(settings, Key.TMP_MB)),
                new Profile.Environment(strings(settings, Key.ENVIRONMENT_PASS), map(settings, Key.ENVIRONMENT_SET)),
                (Profile.OnViolation) settings.value(Key.ON_VIOLATION),
                new Profile.Audit(
                        bool(settings, Key.AUDIT_ENABLED),
                        (String) settings.value(Key.AUDIT_FILE),
                        bool(settings, Key.AUDIT_LOG_ALLOWED),
                        bool(settings, Key.AUDIT_LOG_DENIED)),
                (Profile.Escalation) settings.value(Key.ESCALATION),
                (Profile.Enforce) settings.value(Key.ENFORCE),
                new Profile.Hooks(
                        (Profile.AllowAnswer) settings.value(Key.HOOKS_ALLOW),
                        (Profile.SandboxAnswer) settings.value(Key.HOOKS_SANDBOX),
                        (Profile.ToolAnswer) settings.value(Key.HOOKS_OTHER_TOOLS)),
                new Origins(origins, entries));
    }

    private static boolean bool(Settings settings, Key key) {
        return (Boolean) settings.value(key);
    }

    private static int count(Settings settings, Key key) {
        return (Integer) settings.value(key);
    }

    private static List<String> strings(Settings settings, Key key) {
        return Merge.strings(settings.value(key));
    }

    @SuppressWarnings("unchecked")
    private static <T> List<T> list(Settings settings, Key key) {
        return (List<T>) settings.value(key);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> map(Settings settings, Key key) {
        return (Map<String, String>) settings.value(key);
    }
}
