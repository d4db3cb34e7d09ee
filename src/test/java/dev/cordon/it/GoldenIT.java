package dev.cordon.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cordon.cli.Cli;
import dev.cordon.cli.Context;
import dev.cordon.cli.Services;
import dev.cordon.golden.Golden;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --json} and {@code sandbox status --json} of the assembled distribution, run
 * in-process with its real executors and compared with golden files. What depends on the
 * machine is rendered stably before the comparison, and only that: the distribution's and the
 * temp folders' paths, measured usage, and for {@code sandbox status} what each executor found
 * here (availability, summary, what it enforces, kernel facts, the executor each profile gets).
 * Everything else (every key, the executors' ids, priorities and declared capabilities, what each
 * profile needs, the formatting) is compared as printed.
 */
class GoldenIT {

    private static final String MACHINE = "<machine>";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private Path home;
    private Path project;
    private Golden golden;

    @BeforeEach
    void setUp() throws IOException {
        Path root = temp.toRealPath();
        home = Files.createDirectories(root.resolve("home"));
        project = Files.createDirectories(root.resolve("projects/app"));
        golden = new Golden().replacing(root, "<tmp>").replacing(Cordon.dist(), "<dist>");
    }

    private record Output(int code, String stdout, String stderr) {
    }

    private Output cordon(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Map<String, String> env = Map.of("HOME", home.toString(), "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                "LANG", "C.UTF-8", "XDG_CONFIG_HOME", home.resolve(".config").toString(),
                "XDG_STATE_HOME", home.resolve(".local/state").toString(), "TMPDIR", home.resolve("tmp").toString());
        Context context = new Context(Cordon.dist(), project, env, out, err, new ByteArrayInputStream(new byte[0]), false);
        int code;
        try (Services services = new Services(Cordon.dist(), null)) {
            code = new Cli(context, services).execute(args);
        }
        return new Output(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void runJsonOfACommandThatRan() throws IOException {
        Output o = cordon("run", "--json", "--profile", "danger-full-access", "--", "echo hello; echo oops >&2; exit 3");
        golden.check("run/ran.json.txt", o.code(), usageMeasured(o.stdout()), o.stderr());
    }

    @Test
    void runJsonOfACommandThePolicyRefused() throws IOException {
        Output o = cordon("run", "--json", "--profile", "danger-full-access", "--", "rm -rf ~");
        golden.check("run/refused.json.txt", o.code(), o.stdout(), o.stderr());
    }

    @Test
    void sandboxStatusJson() throws IOException {
        Output o = cordon("sandbox", "status", "--json");
        ObjectNode root = (ObjectNode) JSON.readTree(o.stdout());
        ObjectMapper pretty = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        // The normalised file keeps the printed layout only if printing the tree again gives the output back.
        assertEquals(o.stdout(), pretty.writeValueAsString(root) + "\n");
        for (JsonNode executor : root.withArray("executors")) {
            for (String field : List.of("available", "summary", "enforced", "enforcement", "facts")) {
                machine((ObjectNode) executor, field);
            }
        }
        root.put("kernel", MACHINE);
        root.get("profiles").forEach(profile -> {
            machine((ObjectNode) profile, "executor");
            machine((ObjectNode) profile, "explanation");
            machine((ObjectNode) profile, "left_to_policy");
        });
        golden.check("sandbox/status.json.txt", o.code(), pretty.writeValueAsString(root) + "\n", o.stderr());
    }

    /** Replaces a field's value, keeping the field, so a field that disappears still fails. */
    private static void machine(ObjectNode node, String field) {
        if (node.has(field)) {
            node.put(field, MACHINE);
        }
    }

    /** The run's usage is measured; the rest of the line is printed as is. */
    private static String usageMeasured(String stdout) throws IOException {
        ObjectNode root = (ObjectNode) JSON.readTree(stdout);
        assertEquals(stdout.strip(), root.toString());
        ObjectNode usage = (ObjectNode) root.get("usage");
        List.of("wall_ms", "cpu_ms", "peak_memory_bytes").forEach(name -> machine(usage, name));
        return root + "\n";
    }
}
