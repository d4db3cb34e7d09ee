package dev.cordon.profile;

import dev.cordon.decision.Decision;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.path.Glob;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Applies an untrusted project's settings only where they make the policy stricter. What it
 * tried and was ignored becomes a warning with the file and line it came from.
 *
 * <ul>
 *   <li>mode only upward (off, permissive, standard, strict); read_only, approval and audit
 *       switches only to true; escalation only to deny; enforce only to strict; on_violation
 *       only towards block; hooks.allow only to silent, hooks.sandbox only to deny,
 *       hooks.other_tools only stricter
 *   <li>executor and fallback never to a weaker one: one that lacks a capability (write, read or
 *       network isolation, limits, …) the one in force declares ({@code none} is the strongest
 *       fallback)
 *   <li>allowed_paths, network.allow: only entries inside what is already allowed (an empty
 *       list means "everything", so a list that would end up empty keeps the one in force)
 *   <li>filesystem.read/write roots only at or under roots in force; environment.pass only
 *       names already passed; environment.set and audit.file not at all
 *   <li>resources only lower, never 0 (no limit)
 *   <li>deny lists only grow (as in every layer)
 *   <li>rules: only {@code deny} rules are taken, placed first. An {@code allow}, {@code ask}
 *       or {@code sandbox} rule could decide before a hard gate that would have denied
 * </ul>
 */
final class Tightening {

    private final List<String> warnings;
    private final ExecutorCapabilities executors;

    Tightening(List<String> warnings, ExecutorCapabilities executors) {
        this.warnings = warnings;
        this.executors = executors;
    }

    Settings apply(Settings current, Settings project) {
        Settings out = current.copy();
        for (Key key : project.keys()) {
            Settings.Entry wanted = project.get(key);
            Settings.Entry now = current.get(key);
            if (now == null) {
                // Only possible for a partial base; with the defaults layer every key exists.
                warn(wanted, key.path() + " = " + Render.value(wanted.value()), "nothing to compare it with");
                continue;
            }
            if (Objects.equals(now.value(), wanted.value())) {
                continue;
            }
            if (key == Key.NETWORK_ALLOW && !Boolean.TRUE.equals(out.value(Key.NETWORK_ENABLED))) {
                // An allow-list means nothing while the network is off; do not let it wait there.
                warn(wanted, key.path() + " = " + Render.value(wanted.value()), "the network is off");
                continue;
            }
            Object value = tighten(key, now.value(), wanted);
            if (value != null && !Objects.equals(value, now.value())) {
                out.put(key, value, wanted.origin(), Merge.firstWritten(now, wanted));
            }
        }
        return out;
    }

    /** The value to keep in force, or null to keep the current one. */
    private Object tighten(Key key, Object now, Settings.Entry wanted) {
        Object value = wanted.value();
        return switch (key) {
            case MODE -> accept(((Profile.Mode) value).compareTo((Profile.Mode) now) >= 0, key, wanted, now);
            case EXECUTOR, FALLBACK -> accept(executors.notWeaker((String) value, (String) now), key, wanted, now);
            case READ_ONLY, APPROVAL_WRITES, APPROVAL_EXECUTE, AUDIT_ENABLED, AUDIT_LOG_ALLOWED, AUDIT_LOG_DENIED ->
                    accept((Boolean) value, key, wanted, now);
            case NETWORK_ENABLED -> accept(!(Boolean) value, key, wanted, now);
            case ESCALATION -> accept(value == Profile.Escalation.DENY, key, wanted, now);
            case ENFORCE -> accept(value == Profile.Enforce.STRICT, key, wanted, now);
            case HOOKS_ALLOW -> accept(value == Profile.AllowAnswer.SILENT, key, wanted, now);
            case HOOKS_SANDBOX -> accept(value == Profile.SandboxAnswer.DENY, key, wanted, now);
            case HOOKS_OTHER_TOOLS -> accept(((Profile.ToolAnswer) value).compareTo((Profile.ToolAnswer) now) >= 0,
                    key, wanted, now);
            case ON_VIOLATION -> accept(((Profile.OnViolation) value).compareTo((Profile.OnViolation) now) <= 0,
                    key, wanted, now);
            case MAX_PROCESSES, MEMORY_MB, CPU_SECONDS, CPU_PERCENT, FILE_SIZE_MB, TMP_MB, TIMEOUT_SECONDS, OUTPUT_KB -> {
                int limit = (Integer) value;
                int current = (Integer) now;
                yield accept(limit > 0 && (current == 0 || limit <= current), key, wanted, now);
            }
            case DENIED_PATHS, DENIED_COMMANDS, NETWORK_DENY, FILESYSTEM_DENY, ENVIRONMENT_SET, AUDIT_FILE ->
                    key.merge() == Key.Merge.ADDITIVE ? Merge.combine(key, now, value) : refuse(key, wanted, now);
            case ALLOWED_PATHS -> narrowed(key, Merge.strings(now), wanted, Tightening::globWithin);
            case NETWORK_ALLOW -> narrowed(key, Merge.strings(now), wanted, (inner, outer) -> Endpoints.covers(outer, inner));
            case FILESYSTEM_READ, FILESYSTEM_WRITE -> subset(key, Merge.strings(now), wanted, Tightening::rootWithin);
            case ENVIRONMENT_PASS -> subset(key, Merge.strings(now), wanted, Tightening::nameWithin);
            case PATH_RULES, COMMAND_RULES -> rules(key, Merge.list(now), wanted);
        };
    }

    private Object accept(boolean stricter, Key key, Settings.Entry wanted, Object now) {
        return stricter ? wanted.value() : refuse(key, wanted, now);
    }

    private Object refuse(Key key, Settings.Entry wanted, Object now) {
        warn(wanted, key.path() + " = " + Render.value(wanted.value()), "in force: " + Render.value(now));
        return null;
    }

    /** Inside what is allowed; an empty list in force means everything is. */
    private Object narrowed(Key key, List<String> now, Settings.Entry wanted, Within within) {
        if (now.isEmpty()) {
            return wanted.value();
        }
        if (Merge.strings(wanted.value()).isEmpty()) {
            return refuse(key, wanted, now);
        }
        List<String> kept = keep(key, now, wanted, within);
        if (kept.isEmpty()) {
            // An empty list would mean "everything": keep what is in force instead.
            return null;
        }
        return List.copyOf(kept);
    }

    /** Entries at or under those in force; an explicitly empty list is the strictest of all. */
    private Object subset(Key key, List<String> now, Settings.Entry wanted, Within within) {
        List<String> kept = keep(key, now, wanted, within);
        if (kept.isEmpty() && !Merge.strings(wanted.value()).isEmpty()) {
            // Everything it asked for was refused: ignore the attempt rather than act on it.
            return null;
        }
        return List.copyOf(kept);
    }

    private List<String> keep(Key key, List<String> now, Settings.Entry wanted, Within within) {
        List<String> kept = new ArrayList<>();
        for (String entry : Merge.strings(wanted.value())) {
            if (now.stream().anyMatch(outer -> within.test(entry, outer))) {
                kept.add(entry);
            } else {
                warn(wanted.items().getOrDefault(entry, wanted.origin()), key.path() + " entry `" + entry + "`",
                        "not within " + Render.value(now));
            }
        }
        return kept;
    }

    private Object rules(Key key, List<Object> now, Settings.Entry wanted) {
        List<String> ids = now.stream().map(Merge::id).toList();
        List<Object> kept = new ArrayList<>();
        for (Object rule : Merge.list(wanted.value())) {
            Decision action = rule instanceof Profile.PathRule path ? path.action() : ((Profile.CommandRule) rule).action();
            Provenance source = rule instanceof Profile.PathRule path ? path.source() : ((Profile.CommandRule) rule).source();
            if (action != Decision.DENY) {
                warn(source, key.path() + " rule `" + Merge.id(rule) + "` (" + action.name().toLowerCase(java.util.Locale.ROOT)
                        + ")", "only deny rules are taken from an untrusted project");
            } else if (ids.contains(Merge.id(rule))) {
                warn(source, key.path() + " rule `" + Merge.id(rule) + "`", "its id is already in use");
            } else {
                kept.add(rule);
            }
        }
        kept.addAll(now);
        return List.copyOf(kept);
    }

    private void warn(Settings.Entry wanted, String what, String why) {
        warn(wanted.origin(), what, why);
    }

    private void warn(Provenance where, String what, String why) {
        warnings.add(where.location() + ": ignored " + what + " from an untrusted project (" + why + ")");
    }

    private static boolean globWithin(String inner, String outer) {
        return Glob.compile(inner).isWithin(Glob.compile(outer));
    }

    private static boolean rootWithin(String inner, String outer) {
        return PatternPaths.isUnder(inner, outer);
    }

    private static boolean nameWithin(String inner, String outer) {
        if (outer.endsWith("*")) {
            String prefix = outer.substring(0, outer.length() - 1);
            return inner.startsWith(prefix);
        }
        return inner.equals(outer);
    }

    @FunctionalInterface
    private interface Within {
        boolean test(String inner, String outer);
    }

    /** Values as shown in warnings and {@code profile current}. */
    static final class Render {

        private Render() {
        }

        static String value(Object value) {
            if (value instanceof Enum<?> e) {
                return e.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
            }
            if (value instanceof List<?> list) {
                List<String> items = new ArrayList<>();
                for (Object item : list) {
                    items.add(item instanceof String s ? s : rule(item));
                }
                return "[" + String.join(", ", items) + "]";
            }
            if (value instanceof Map<?, ?> map) {
                List<String> items = new ArrayList<>();
                map.forEach((k, v) -> items.add(k + "=" + v));
                return "{" + String.join(", ", items) + "}";
            }
            return String.valueOf(value);
        }

        private static String rule(Object rule) {
            Decision action = rule instanceof Profile.PathRule path ? path.action() : ((Profile.CommandRule) rule).action();
            return Merge.id(rule) + " (" + action.name().toLowerCase(java.util.Locale.ROOT) + ")";
        }
    }
}
