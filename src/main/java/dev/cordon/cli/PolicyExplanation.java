package dev.cordon.cli;

import dev.cordon.engine.CheckedAccess;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.GateCheck;
import dev.cordon.engine.Match;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.net.IpLiteral;
import dev.cordon.profile.Origins;
import dev.cordon.profile.ProfileSettings;
import dev.cordon.shell.Redirection;
import dev.cordon.shell.SimpleCommand;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/** The human rendering of {@code cordon policy test}: the decision first, then how it was reached. */
final class PolicyExplanation {

    private static final long MIB = 1024L * 1024L;

    private final StringBuilder out = new StringBuilder();

    private PolicyExplanation() {
    }

    static String render(PolicyReport report) {
        return new PolicyExplanation().all(report);
    }

    private String all(PolicyReport r) {
        Evaluation e = r.evaluation();
        line(e.decision() + "  " + (r.command() != null ? r.command() : r.tool() + " " + r.subject()));
        field("rule", e.rule() + " " + e.source().describe());
        if (e.entry() != null) {
            field("entry", entry(e.entry()));
        }
        field("layer", e.layer().name().toLowerCase(Locale.ROOT));
        field("reason", e.reason());
        Origins origins = r.resolution().profile().origins();
        field("profile", e.profile() + " " + ProfileSettings.describe(origins.get("profile")));
        field("mode", e.mode().name().toLowerCase(Locale.ROOT) + " " + ProfileSettings.describe(origins.get("mode")));
        field("executor", executor(r.executor()));
        if (!e.enforced()) {
            field("note", "mode " + e.mode().name().toLowerCase(Locale.ROOT)
                    + ": this decision is reported, not enforced; the command would run");
        }
        for (String warning : r.resolution().warnings()) {
            field("warning", warning);
        }
        if (r.command() != null) {
            section("commands");
            if (e.commands().isEmpty()) {
                line("  (none)");
            }
            for (int i = 0; i < e.commands().size(); i++) {
                line("  " + (i + 1) + ". " + command(e.commands().get(i)));
            }
        }
        for (String problem : e.problems()) {
            field("not understood", problem);
        }
        if (r.connection() != null && !IpLiteral.is(r.connection().host())) {
            field("note", "names are checked before they are looked up; the egress proxy checks every address a"
                    + " name resolves to again before it connects");
        }
        section("file accesses");
        if (e.accesses().isEmpty()) {
            line("  (none)");
        }
        for (CheckedAccess a : e.accesses()) {
            line("  " + a.access().name().toLowerCase(Locale.ROOT) + " " + a.path()
                    + (a.real().equals(a.path()) ? "" : " -> " + a.real()) + "  (" + a.origin()
                    + (a.command() == null ? "" : " of `" + a.command() + "`") + ")");
        }
        section("matched rules");
        for (Match m : e.matches()) {
            line("  " + (m.decided() ? "* " : "  ") + m.rule() + "  " + m.decision() + "  gate " + m.gate() + " "
                    + m.gateName() + "  " + m.source().layer().word() + " " + m.source().location());
            line("      " + (m.decided() ? "decided: " : "lost: " + m.lost() + "; it said: ") + m.reason());
            if (m.entry() != null) {
                line("      entry: " + entry(m.entry()));
            }
        }
        section("gates");
        for (GateCheck g : e.gates()) {
            String what = switch (g.result()) {
                case PASSED -> "passed";
                case FIRED -> g.decision() + " (did not decide)";
                case WAIVED -> g.decision() + " (set aside)";
                case DECIDED -> g.decision() + "  <- decided";
            };
            line(String.format(Locale.ROOT, "  %d %-22s %s", g.gate(), g.name(), what));
        }
        confinement(r.confinement());
        return out.toString();
    }

    private void confinement(Confinement c) {
        section("confinement");
        indented("read", paths(c.readRoots()));
        indented("write", paths(c.writeRoots()));
        indented("read-only", paths(c.readOnlyPaths()));
        indented("hidden", paths(c.hiddenPaths()));
        indented("network", network(c.network()));
        indented("limits", limits(c.limits()));
    }

    /** {@code denied_paths `**}{@code /*.sqlite` (user ~/.config/cordon/config.yaml:4:5)}. */
    private static String entry(Match.Entry entry) {
        return entry.setting() + " `" + entry.value() + "` " + ProfileSettings.describe(entry.source());
    }

    private static String executor(ExecutorFacts x) {
        List<String> isolates = new ArrayList<>();
        if (x.writeIsolation()) {
            isolates.add("writes");
        }
        if (x.readIsolation()) {
            isolates.add("reads");
        }
        if (x.networkIsolation()) {
            isolates.add("network");
        }
        return x.id() + (isolates.isEmpty() ? " (isolates nothing)" : " (isolates " + String.join(", ", isolates) + ")");
    }

    private static String command(SimpleCommand c) {
        StringBuilder s = new StringBuilder(c.text());
        s.append("   [program ").append(c.program().isEmpty() ? "(none)" : c.program());
        if (!c.flags().isEmpty()) {
            s.append(", flags ").append(String.join(" ", new TreeSet<>(c.flags())));
        }
        if (!c.operands().isEmpty()) {
            s.append(", operands ").append(String.join(" ", c.operands()));
        }
        for (Redirection r : c.redirections()) {
            s.append(", ").append(r.operator()).append(' ').append(r.target());
        }
        if (!c.wrappers().isEmpty()) {
            s.append(", via ").append(String.join(" > ", c.wrappers()));
        }
        if (c.dynamic()) {
            s.append(", program known only at run time");
        }
        return s.append(']').toString();
    }

    private static String paths(List<Path> paths) {
        return paths.isEmpty() ? "(none)" : String.join(", ", paths.stream().map(Path::toString).toList());
    }

    private static String network(NetworkPolicy n) {
        String deny = n.deny().isEmpty() ? "" : " (always denied: " + String.join(", ", n.deny()) + ")";
        return switch (n.mode()) {
            case NONE -> "none";
            case FULL -> "full" + deny;
            case ALLOW_LIST -> "only " + String.join(", ", n.allow()) + deny;
        };
    }

    private static String limits(Limits l) {
        List<String> parts = new ArrayList<>();
        if (l.maxProcesses() > 0) {
            parts.add("processes " + l.maxProcesses());
        }
        if (l.memoryBytes() > 0) {
            parts.add("memory " + l.memoryBytes() / MIB + " MiB");
        }
        if (l.cpuSeconds() > 0) {
            parts.add("cpu " + l.cpuSeconds() + " s");
        }
        if (l.fileSizeBytes() > 0) {
            parts.add("file size " + l.fileSizeBytes() / MIB + " MiB");
        }
        if (l.cpuPercent() > 0) {
            parts.add("cpu share " + l.cpuPercent() + "% of the machine");
        }
        if (l.tempBytes() > 0) {
            parts.add("temp " + l.tempBytes() / MIB + " MiB");
        }
        return parts.isEmpty() ? "none" : String.join(", ", parts);
    }

    private void section(String title) {
        line("");
        line(title + ":");
    }

    private void field(String name, String value) {
        line(String.format(Locale.ROOT, "%-10s %s", name + ":", value));
    }

    private void indented(String name, String value) {
        line(String.format(Locale.ROOT, "  %-10s %s", name + ":", value));
    }

    private void line(String text) {
        out.append(text).append('\n');
    }
}
