package dev.cordon.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

/** Writes a resolved profile as YAML in the profile file format, keys in their documented order. */
public final class ProfileYaml {

    private ProfileYaml() {
    }

    public static String render(Profile profile) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mode", word(profile.mode()));
        out.put("executor", profile.executor());
        out.put("fallback", profile.fallback());
        out.put("enforce", word(profile.enforce()));
        out.put("read_only", profile.readOnly());
        out.put("approval", map("writes", profile.approval().writes(), "execute", profile.approval().execute()));
        out.put("allowed_paths", profile.allowedPaths());
        out.put("denied_paths", profile.deniedPaths());
        out.put("path_rules", pathRules(profile.pathRules()));
        out.put("command_rules", commandRules(profile.commandRules()));
        out.put("denied_commands", profile.deniedCommands());
        Profile.Filesystem fs = profile.filesystem();
        out.put("filesystem", map("read", fs.read(), "write", fs.write(), "deny", fs.deny()));
        Profile.Network net = profile.network();
        out.put("network", map("enabled", net.enabled(), "allow", net.allow(), "deny", net.deny()));
        Profile.Resources r = profile.resources();
        Map<String, Object> resources = new LinkedHashMap<>();
        resources.put("max_processes", r.maxProcesses());
        resources.put("memory_mb", r.memoryMb());
        resources.put("cpu_seconds", r.cpuSeconds());
        resources.put("cpu_percent", r.cpuPercent());
        resources.put("file_size_mb", r.fileSizeMb());
        resources.put("tmp_mb", r.tmpMb());
        resources.put("timeout_seconds", r.timeoutSeconds());
        resources.put("output_kb", r.outputKb());
        out.put("resources", resources);
        out.put("environment", map("pass", profile.environment().pass(), "set", new TreeMap<>(profile.environment().set())));
        out.put("on_violation", word(profile.onViolation()));
        Profile.Audit audit = profile.audit();
        Map<String, Object> auditMap = new LinkedHashMap<>();
        auditMap.put("enabled", audit.enabled());
        auditMap.put("file", audit.file());
        auditMap.put("log_allowed", audit.logAllowed());
        auditMap.put("log_denied", audit.logDenied());
        out.put("audit", auditMap);
        out.put("escalation", word(profile.escalation()));
        Profile.Hooks hooks = profile.hooks();
        out.put("hooks", map("allow", word(hooks.allow()), "sandbox", word(hooks.sandbox()),
                "other_tools", word(hooks.otherTools())));
        DumpSettings settings = DumpSettings.builder()
                .setDefaultFlowStyle(FlowStyle.BLOCK)
                .setDereferenceAliases(true)
                .setWidth(200)
                .build();
        return "# profile: " + profile.name() + "\n" + new Dump(settings).dumpToString(out);
    }

    private static List<Map<String, Object>> pathRules(List<Profile.PathRule> rules) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Profile.PathRule rule : rules) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("id", rule.id());
            map.put("pattern", rule.pattern());
            map.put("action", word(rule.action()));
            map.put("tools", rule.tools());
            map.put("reason", rule.reason());
            out.add(map);
        }
        return out;
    }

    private static List<Map<String, Object>> commandRules(List<Profile.CommandRule> rules) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Profile.CommandRule rule : rules) {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("id", rule.id());
            if (rule.program() != null) {
                map.put("program", rule.program());
                map.put("args", rule.args());
            }
            if (!rule.prefix().isEmpty()) {
                map.put("prefix", rule.prefix());
            }
            putIfSet(map, "substring", rule.substring());
            putIfSet(map, "glob", rule.glob());
            putIfSet(map, "regex", rule.regex());
            map.put("action", word(rule.action()));
            map.put("reason", rule.reason());
            out.add(map);
        }
        return out;
    }

    private static void putIfSet(Map<String, Object> map, String key, String value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    private static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }

    static String word(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
