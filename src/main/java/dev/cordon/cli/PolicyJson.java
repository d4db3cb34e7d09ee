package dev.cordon.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.engine.CheckedAccess;
import dev.cordon.engine.Evaluation;
import dev.cordon.engine.GateCheck;
import dev.cordon.engine.Match;
import dev.cordon.fact.ExecutorFacts;
import dev.cordon.profile.Origins;
import dev.cordon.shell.Redirection;
import dev.cordon.shell.SimpleCommand;
import dev.cordon.spi.Confinement;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The {@code --json} rendering of {@code cordon policy test}, documented in {@code docs/json.md}.
 * Built field by field, not by reflection, so renaming a Java component never changes the schema.
 */
final class PolicyJson {

    /** Bumped only for incompatible changes; new fields may appear in any version. */
    static final int SCHEMA = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private PolicyJson() {
    }

    static String render(PolicyReport r) {
        try {
            return MAPPER.writeValueAsString(tree(r));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the decision as json", e);
        }
    }

    static ObjectNode tree(PolicyReport r) {
        Evaluation e = r.evaluation();
        ObjectNode root = MAPPER.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("decision", e.decision().name());
        root.put("exit_code", r.exitCode());
        root.put("rule", e.rule());
        source(root, e.source());
        entry(root, e.entry());
        root.put("reason", e.reason());
        root.put("layer", lower(e.layer().name()));
        root.put("enforced", e.enforced());
        root.put("profile", e.profile());
        root.put("mode", lower(e.mode().name()));
        Origins origins = r.resolution().profile().origins();
        ObjectNode settings = root.putObject("origins");
        for (String key : List.of("profile", "mode")) {
            Provenance origin = origins.get(key);
            if (origin != null) {
                provenance(settings.putObject(key), origin);
            }
        }
        ObjectNode request = root.putObject("request");
        request.put("tool", r.tool().name());
        request.put("command", r.command());
        request.put("path", r.path());
        if (r.connection() != null) {
            request.put("host", r.connection().host());
            request.put("port", r.connection().port());
        }
        request.put("cwd", r.cwd().toString());
        request.put("workspace", r.resolution().workspace().toString());
        executor(root.putObject("executor"), r.executor());
        ArrayNode matched = root.putArray("matched");
        for (Match m : e.matches()) {
            ObjectNode node = matched.addObject();
            node.put("rule", m.rule());
            source(node, m.source());
            node.put("gate", m.gate());
            node.put("gate_name", m.gateName());
            node.put("decision", m.decision().name());
            node.put("subject", m.subject());
            node.put("reason", m.reason());
            node.put("decided", m.decided());
            node.put("lost", m.lost());
            entry(node, m.entry());
        }
        ArrayNode commands = root.putArray("commands");
        e.commands().forEach(c -> command(commands.addObject(), c));
        ArrayNode accesses = root.putArray("accesses");
        for (CheckedAccess a : e.accesses()) {
            ObjectNode node = accesses.addObject();
            node.put("access", lower(a.access().name()));
            node.put("written", a.written());
            node.put("path", a.path());
            node.put("real", a.real());
            node.put("origin", a.origin());
            node.put("command", a.command());
        }
        ArrayNode gates = root.putArray("gates");
        for (GateCheck g : e.gates()) {
            ObjectNode node = gates.addObject();
            node.put("gate", g.gate());
            node.put("name", g.name());
            node.put("result", lower(g.result().name()));
            node.put("decision", g.decision() == null ? null : g.decision().name());
        }
        strings(root.putArray("problems"), e.problems());
        strings(root.putArray("warnings"), r.resolution().warnings());
        confinement(root.putObject("confinement"), r.confinement());
        return root;
    }

    /**
     * Where a rule is: {@code file} and {@code line} (as since the first schema) and a
     * {@code source} object with the layer, file, line and column.
     */
    static void source(ObjectNode node, Provenance source) {
        node.put("file", source.file());
        node.put("line", source.line());
        provenance(node.putObject("source"), source);
    }

    /** The profile list entry a rule acted on, or null. */
    private static void entry(ObjectNode node, Match.Entry entry) {
        if (entry == null) {
            node.putNull("entry");
            return;
        }
        ObjectNode item = node.putObject("entry");
        item.put("setting", entry.setting());
        item.put("value", entry.value());
        if (entry.source() == null) {
            item.putNull("source");
        } else {
            provenance(item.putObject("source"), entry.source());
        }
    }

    private static void provenance(ObjectNode node, Provenance source) {
        node.put("layer", source.layer().key());
        node.put("file", source.file());
        node.put("line", source.line());
        node.put("column", source.column());
    }

    private static void executor(ObjectNode node, ExecutorFacts x) {
        node.put("id", x.id());
        node.put("write_isolation", x.writeIsolation());
        node.put("read_isolation", x.readIsolation());
        node.put("network_isolation", x.networkIsolation());
    }

    private static void command(ObjectNode node, SimpleCommand c) {
        node.put("text", c.text());
        node.put("program", c.program());
        node.put("raw_program", c.rawProgram());
        strings(node.putArray("args"), c.args());
        strings(node.putArray("flags"), List.copyOf(new TreeSet<>(c.flags())));
        strings(node.putArray("operands"), c.operands());
        ArrayNode redirections = node.putArray("redirections");
        for (Redirection r : c.redirections()) {
            ObjectNode item = redirections.addObject();
            item.put("fd", r.fd());
            item.put("operator", r.operator());
            item.put("target", r.target());
        }
        ObjectNode assignments = node.putObject("assignments");
        c.assignments().entrySet().stream().sorted(java.util.Map.Entry.comparingByKey())
                .forEach(a -> assignments.put(a.getKey(), a.getValue()));
        strings(node.putArray("wrappers"), c.wrappers());
        node.put("pipeline", c.pipeline());
        node.put("position", c.position());
        node.put("pipeline_length", c.pipelineLength());
        node.put("depth", c.depth());
        node.put("dynamic", c.dynamic());
    }

    private static void confinement(ObjectNode node, Confinement c) {
        node.put("workspace", c.workspace().toString());
        paths(node.putArray("read"), c.readRoots());
        paths(node.putArray("write"), c.writeRoots());
        paths(node.putArray("read_only"), c.readOnlyPaths());
        paths(node.putArray("hidden"), c.hiddenPaths());
        ObjectNode network = node.putObject("network");
        network.put("mode", lower(c.network().mode().name()));
        strings(network.putArray("allow"), c.network().allow());
        strings(network.putArray("deny"), c.network().deny());
        ObjectNode limits = node.putObject("limits");
        limits.put("max_processes", c.limits().maxProcesses());
        limits.put("memory_bytes", c.limits().memoryBytes());
        limits.put("cpu_seconds", c.limits().cpuSeconds());
        limits.put("file_size_bytes", c.limits().fileSizeBytes());
        limits.put("cpu_percent", c.limits().cpuPercent());
        limits.put("temp_bytes", c.limits().tempBytes());
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    private static void paths(ArrayNode array, List<Path> values) {
        values.forEach(p -> array.add(p.toString()));
    }

    private static String lower(String name) {
        return name.toLowerCase(Locale.ROOT);
    }
}
