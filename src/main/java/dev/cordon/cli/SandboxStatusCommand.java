package dev.cordon.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.diagnostic.ExitCode;
import dev.cordon.diagnostic.Provenance;
import dev.cordon.dispatch.ExecutorChoice;
import dev.cordon.executor.ConfinementPlanner;
import dev.cordon.executor.Enforcement;
import dev.cordon.executor.ExecutorRegistry;
import dev.cordon.executor.KernelReport;
import dev.cordon.executor.Selection;
import dev.cordon.profile.Overrides;
import dev.cordon.profile.PolicySources;
import dev.cordon.profile.Profile;
import dev.cordon.profile.ProfileListing;
import dev.cordon.profile.ProfileResolver;
import dev.cordon.profile.Resolution;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.Executor;
import dev.cordon.spi.Probe;
import java.io.PrintWriter;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Lists every executor with its probe result (a real confined command, not a check for a binary),
 * the kernel facts, and which executor {@code auto} picks for each built-in profile.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Executors, availability (probe result), capabilities, kernel facts, and the executor each built-in profile gets.")
public final class SandboxStatusCommand implements Callable<Integer> {

    private final Context context;
    private final Services services;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    public SandboxStatusCommand(Context context, Services services) {
        this.context = context;
        this.services = services;
    }

    @Override
    public Integer call() {
        services.freshProbes();
        ExecutorRegistry registry = services.registry();
        ObjectNode root = new ObjectMapper().createObjectNode();
        PolicySources sources = PolicySources.of(context.home(), context.cwd(), context.env(), Overrides.NONE);
        ProfileResolver resolver = new ProfileResolver();
        Resolution inForce = resolver.resolve(sources);
        Confinement confinement = ConfinementPlanner.plan(inForce.profile(), inForce.workspace(), context.env(),
                inForce.policyFiles());
        root.put("profile", inForce.profile().name());
        ArrayNode executors = root.putArray("executors");
        Map<String, String> kernel = new TreeMap<>(KernelReport.read(inForce.workspace()));
        for (Executor executor : registry.executors()) {
            Probe probe = registry.probe(executor);
            ObjectNode node = executors.addObject();
            node.put("id", executor.id());
            node.put("priority", executor.priority());
            node.put("available", probe.available());
            node.put("summary", probe.summary());
            ArrayNode capabilities = node.putArray("capabilities");
            executor.capabilities().stream().map(c -> c.name().toLowerCase().replace('_', '-')).sorted()
                    .forEach(capabilities::add);
            ArrayNode enforced = node.putArray("enforced");
            probe.enforced().forEach(enforced::add);
            // What the kernel keeps of the profile in force under this executor, and what it leaves.
            EnforcementJson.put(node.putObject("enforcement"), Enforcement.of(executor, confinement));
            ObjectNode facts = node.putObject("facts");
            probe.facts().forEach(facts::put);
            probe.facts().forEach((k, v) -> kernel.putIfAbsent(k, v));
        }
        ObjectNode kernelNode = root.putObject("kernel");
        kernel.forEach(kernelNode::put);
        ArrayNode problems = root.putArray("load_problems");
        registry.loadProblems().forEach(problems::add);
        ObjectNode auto = root.putObject("profiles");
        for (ProfileListing listing : resolver.list(sources)) {
            if (listing.layer() != Provenance.Layer.BUILTIN) {
                continue;
            }
            Profile profile = resolver.load(listing.name(), sources);
            Selection selection = ExecutorChoice.select(registry, profile, null,
                    ConfinementPlanner.plan(profile, inForce.workspace(), context.env(), inForce.policyFiles()));
            ObjectNode node = auto.putObject(listing.name());
            node.put("executor", selection.found() ? selection.executor().id() : null);
            node.put("requested", selection.requested());
            node.put("needs", ExecutorRegistry.names(selection.needed()));
            node.put("explanation", selection.explanation());
            ArrayNode gaps = node.putArray("left_to_policy");
            selection.enforcement().policy().forEach(g -> gaps.add(Enforcement.name(g.promise())));
        }
        if (json) {
            context.out().println(root.toPrettyString());
        } else {
            printText(context.out(), root);
        }
        return ExitCode.OK;
    }

    private static void printText(PrintWriter out, ObjectNode root) {
        out.println("Executors (highest priority first):");
        root.get("executors").forEach(e -> {
            out.printf("  %-9s %-12s priority %d%n", e.get("id").asText(),
                    e.get("available").asBoolean() ? "available" : "UNAVAILABLE", e.get("priority").asInt());
            out.println("            " + e.get("summary").asText());
            StringBuilder caps = new StringBuilder();
            e.get("capabilities").forEach(c -> caps.append(caps.length() == 0 ? "" : ", ").append(c.asText()));
            out.println("            capabilities: " + (caps.length() == 0 ? "none" : caps));
            e.get("enforced").forEach(line -> out.println("            - " + line.asText()));
            if (e.get("available").asBoolean()) {
                JsonNode enforcement = e.get("enforcement");
                out.println("            the kernel keeps for `" + root.get("profile").asText() + "`: "
                        + names(enforcement.get("kernel")));
                enforcement.get("policy").forEach(g -> out.println("            left to the policy layer: "
                        + g.get("promise").asText() + " (" + g.get("detail").asText() + ")"));
            }
        });
        if (!root.get("load_problems").isEmpty()) {
            out.println("Plugin problems:");
            root.get("load_problems").forEach(p -> out.println("  " + p.asText()));
        }
        out.println("Kernel and tools:");
        root.get("kernel").fields().forEachRemaining(f -> out.printf("  %-22s %s%n", f.getKey(), f.getValue().asText()));
        out.println("Executor per built-in profile (`auto` unless the profile names one):");
        root.get("profiles").fields().forEachRemaining(f -> {
            String executor = f.getValue().get("executor").isNull() ? "REFUSED" : f.getValue().get("executor").asText();
            out.printf("  %-20s %-9s needs %s%n", f.getKey(), executor, f.getValue().get("needs").asText());
            if (f.getValue().get("executor").isNull()) {
                out.println("                       " + f.getValue().get("explanation").asText());
            } else if (!f.getValue().get("left_to_policy").isEmpty()) {
                StringBuilder gaps = new StringBuilder();
                f.getValue().get("left_to_policy").forEach(g -> gaps.append(gaps.length() == 0 ? "" : ", ").append(g.asText()));
                out.println("                       left to the policy layer: " + gaps);
            }
        });
    }

    private static String names(JsonNode guarantees) {
        StringBuilder names = new StringBuilder();
        guarantees.forEach(g -> names.append(names.length() == 0 ? "" : ", ").append(g.get("promise").asText()));
        return names.length() == 0 ? "nothing" : names.toString();
    }
}
