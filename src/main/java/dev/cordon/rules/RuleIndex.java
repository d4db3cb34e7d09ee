package dev.cordon.rules;

import dev.cordon.diagnostic.Problem;
import dev.cordon.diagnostic.Provenance;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where each rule is defined. Drools keeps no line numbers for rules, so the files are scanned for
 * their {@code package} and {@code rule} keywords.
 */
public final class RuleIndex {

    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)");
    private static final Pattern RULE = Pattern.compile("^\\s*rule\\s+(?:\"([^\"]+)\"|'([^']+)'|([^\\s\"']+))");

    private final Map<String, RuleInfo> byKey;
    private final List<RuleInfo> all;
    private final Map<String, Integer> order = new HashMap<>();

    private RuleIndex(Map<String, RuleInfo> byKey, List<RuleInfo> all) {
        this.byKey = byKey;
        this.all = all;
        for (int i = 0; i < all.size(); i++) {
            order.put(all.get(i).id(), i);
        }
    }

    /** Indexes the files; a rule id defined twice is a problem, whatever the packages. */
    public static RuleIndex of(List<RuleFile> files, List<Problem> problems) {
        Map<String, RuleInfo> byKey = new HashMap<>();
        Map<String, RuleInfo> byId = new HashMap<>();
        List<RuleInfo> all = new ArrayList<>();
        for (RuleFile file : files) {
            for (RuleInfo info : scan(file)) {
                RuleInfo previous = byId.putIfAbsent(info.id(), info);
                if (previous != null) {
                    problems.add(info.source().problem("rule `" + info.id()
                            + "` is already defined at " + previous.location() + "; rule ids must be unique"));
                    continue;
                }
                byKey.put(key(info.pkg(), info.id()), info);
                all.add(info);
            }
        }
        return new RuleIndex(Map.copyOf(byKey), List.copyOf(all));
    }

    public Optional<RuleInfo> find(String pkg, String name) {
        return Optional.ofNullable(byKey.get(key(pkg, name)));
    }

    /** The rule's position in file order, for a stable choice among equals; unknown ids last. */
    public int order(String id) {
        return order.getOrDefault(id, Integer.MAX_VALUE);
    }

    /** Every rule, in file order. */
    public List<RuleInfo> rules() {
        return all;
    }

    private static List<RuleInfo> scan(RuleFile file) {
        List<RuleInfo> found = new ArrayList<>();
        String pkg = "";
        boolean inComment = false;
        String[] lines = file.text().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (inComment) {
                int end = line.indexOf("*/");
                if (end < 0) {
                    continue;
                }
                inComment = false;
                line = line.substring(end + 2);
            }
            if (line.trim().startsWith("/*") && !line.contains("*/")) {
                inComment = true;
                continue;
            }
            Matcher p = PACKAGE.matcher(line);
            if (p.find()) {
                pkg = p.group(1);
                continue;
            }
            Matcher r = RULE.matcher(line);
            if (r.find()) {
                String name = r.group(1) != null ? r.group(1) : r.group(2) != null ? r.group(2) : r.group(3);
                int column = lines[i].length() - line.length() + line.indexOf("rule") + 1;
                Provenance source = new Provenance(file.layer(), file.display(), i + 1, column);
                found.add(new RuleInfo(name, pkg, source, file.trust()));
            }
        }
        return found;
    }

    private static String key(String pkg, String name) {
        return pkg + "\u0000" + name;
    }
}
