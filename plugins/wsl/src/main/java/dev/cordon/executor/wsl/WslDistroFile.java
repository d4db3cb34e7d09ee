package dev.cordon.executor.wsl;

import dev.cordon.spi.ExecutorException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Reads a distribution definition ({@code distros/NAME.yaml}). Anything unexpected is refused
 * with {@code file:line:col}: an unknown or repeated key, a wrong type, a name WSL or a shell
 * would misread, a download without a checksum. Commands may not hold double quotes: they reach
 * the distribution through a Windows command line, where a double quote changes how the line is
 * split (single quotes work as usual in the shell).
 */
public final class WslDistroFile {

    private static final Set<String> KEYS = Set.of("name", "rootfs", "user", "path", "pre_install", "packages",
            "package_install", "hint");
    private static final Set<String> ROOTFS_KEYS = Set.of("url", "sha256");
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    static final Pattern USER = Pattern.compile("[a-z_][a-z0-9_-]{0,31}");
    static final Pattern PACKAGE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9.+_:@=~-]*");
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final String label;

    private WslDistroFile(String label) {
        this.label = label;
    }

    public static WslDistro read(Path file) throws ExecutorException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ExecutorException("cannot read distro file `" + file + "`: " + e.getMessage(), e);
        }
        return parse(file.toString(), text);
    }

    /** Parses {@code text}; {@code label} names the file in messages. */
    public static WslDistro parse(String label, String text) throws ExecutorException {
        Node root;
        try {
            root = new Compose(LoadSettings.builder().setLabel(label).build()).composeString(text)
                    .orElseThrow(() -> new ExecutorException(label + ":1:1: the distro file is empty"));
        } catch (MarkedYamlEngineException e) {
            String where = e.getProblemMark().map(m -> label + ":" + (m.getLine() + 1) + ":" + (m.getColumn() + 1)).orElse(label);
            throw new ExecutorException(where + ": not valid YAML: " + e.getProblem(), e);
        } catch (YamlEngineException e) {
            throw new ExecutorException(label + ": not valid YAML: " + e.getMessage(), e);
        }
        return new WslDistroFile(label).distro(root);
    }

    private WslDistro distro(Node root) throws ExecutorException {
        Map<String, NodeTuple> fields = mapping(root, KEYS, "the distro file");
        String name = string(required(fields, "name", root), "name");
        if (!NAME.matcher(name).matches()) {
            throw error(fields.get("name").getValueNode(), "`name` must be letters, digits, `.`, `_` or `-` (at most 64), got `"
                    + name + "`");
        }
        Node rootfsNode = required(fields, "rootfs", root);
        Map<String, NodeTuple> rootfs = mapping(rootfsNode, ROOTFS_KEYS, "`rootfs`");
        URI url = url(required(rootfs, "url", rootfsNode));
        Node shaNode = required(rootfs, "sha256", rootfsNode);
        String sha256 = string(shaNode, "sha256");
        if (!SHA256.matcher(sha256).matches()) {
            throw error(shaNode, "`sha256` must be 64 lower-case hex digits");
        }
        Optional<String> user = optional(fields, "user");
        if (user.isPresent() && !USER.matcher(user.get()).matches()) {
            throw error(fields.get("user").getValueNode(), "`user` must be a Linux user name, got `" + user.get() + "`");
        }
        String path = optional(fields, "path").orElse(WslDistro.DEFAULT_PATH);
        List<String> preInstall = commands(fields.get("pre_install"), "pre_install");
        List<String> packages = strings(fields.get("packages"), "packages");
        for (int i = 0; i < packages.size(); i++) {
            if (!PACKAGE.matcher(packages.get(i)).matches()) {
                Node item = ((SequenceNode) fields.get("packages").getValueNode()).getValue().get(i);
                throw error(item, "package name `" + packages.get(i) + "` has characters a package name does not");
            }
        }
        String install = optional(fields, "package_install").orElse("");
        if (!packages.isEmpty()) {
            Node installNode = required(fields, "package_install", root);
            if (!install.contains(WslDistro.PACKAGES_PLACEHOLDER)) {
                throw error(installNode, "`package_install` must contain `{packages}`");
            }
            command(installNode, install, "package_install");
        }
        String hint = optional(fields, "hint").orElse("");
        return new WslDistro(name, url, sha256, user, path, preInstall, packages, install, hint);
    }

    private Map<String, NodeTuple> mapping(Node node, Set<String> allowed, String what) throws ExecutorException {
        if (!(node instanceof MappingNode mapping)) {
            throw error(node, what + " must be a mapping of keys to values");
        }
        Map<String, NodeTuple> fields = new LinkedHashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
            String key = string(tuple.getKeyNode(), "a key");
            if (!allowed.contains(key)) {
                throw error(tuple.getKeyNode(), "unknown key `" + key + "`; expected one of " + String.join(", ",
                        allowed.stream().sorted().toList()));
            }
            if (fields.putIfAbsent(key, tuple) != null) {
                throw error(tuple.getKeyNode(), "key `" + key + "` appears twice");
            }
        }
        return fields;
    }

    private Node required(Map<String, NodeTuple> fields, String key, Node parent) throws ExecutorException {
        NodeTuple tuple = fields.get(key);
        if (tuple == null) {
            throw error(parent, "missing key `" + key + "`");
        }
        return tuple.getValueNode();
    }

    private Optional<String> optional(Map<String, NodeTuple> fields, String key) throws ExecutorException {
        NodeTuple tuple = fields.get(key);
        return tuple == null ? Optional.empty() : Optional.of(string(tuple.getValueNode(), key));
    }

    private String string(Node node, String key) throws ExecutorException {
        if (!(node instanceof ScalarNode scalar)) {
            throw error(node, "`" + key + "` must be a single value");
        }
        if (scalar.getValue().isBlank()) {
            throw error(node, "`" + key + "` is empty");
        }
        return scalar.getValue().strip();
    }

    private List<String> strings(NodeTuple tuple, String key) throws ExecutorException {
        if (tuple == null) {
            return List.of();
        }
        if (!(tuple.getValueNode() instanceof SequenceNode sequence)) {
            throw error(tuple.getValueNode(), "`" + key + "` must be a list");
        }
        List<String> out = new ArrayList<>();
        for (Node item : sequence.getValue()) {
            out.add(string(item, key + "` item `" + out.size()));
        }
        return out;
    }

    private List<String> commands(NodeTuple tuple, String key) throws ExecutorException {
        List<String> out = strings(tuple, key);
        for (int i = 0; i < out.size(); i++) {
            command(((SequenceNode) tuple.getValueNode()).getValue().get(i), out.get(i), key);
        }
        return out;
    }

    private void command(Node node, String command, String key) throws ExecutorException {
        if (command.indexOf('"') >= 0) {
            throw error(node, "`" + key + "` commands cannot hold double quotes (they do not survive the Windows command line);"
                    + " use single quotes");
        }
        if (command.chars().anyMatch(c -> c < 0x20 && c != '\t')) {
            throw error(node, "`" + key + "` commands must be one line each");
        }
    }

    private URI url(Node node) throws ExecutorException {
        String text = string(node, "url");
        try {
            URI uri = new URI(text);
            if (!"https".equals(uri.getScheme()) && !"file".equals(uri.getScheme())) {
                throw error(node, "`url` must be an `https:` or `file:` URL, got `" + text + "`");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw error(node, "`url` is not a URL: `" + text + "`");
        }
    }

    private ExecutorException error(Node node, String message) {
        Optional<Mark> mark = node.getStartMark();
        String where = mark.map(m -> label + ":" + (m.getLine() + 1) + ":" + (m.getColumn() + 1)).orElse(label);
        return new ExecutorException(where + ": " + message);
    }
}
