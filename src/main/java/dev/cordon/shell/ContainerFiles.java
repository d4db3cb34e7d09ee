package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The files of this machine that commands running in a container name: {@code docker exec web
 * cat /etc/nginx/nginx.conf} reads a path of the container, which is not a file here. What they
 * do reach here: the folders a container mounts ({@code -v SRC:DST}, {@code --mount
 * type=bind,source=SRC}, written unless read only), a build's context and file, the local side of
 * {@code cp}, and the manifests {@code kubectl apply -f} reads. (A remote shell is not among
 * them: {@code ssh localhost} is this machine, so its paths stay this machine's.)
 */
final class ContainerFiles {

    private static final Set<String> CONTAINER_ENGINES = Set.of("docker", "podman", "nerdctl");
    private static final Set<String> CLUSTER_CLIENTS = Set.of("kubectl", "oc");

    /** Global options of the container engines that take a value before the subcommand. */
    private static final Set<String> ENGINE_OPTIONS = Set.of("-H", "--host", "-c", "--context", "--config", "-l",
            "--log-level", "--tlscacert", "--tlscert", "--tlskey", "--namespace", "-n", "--address", "-a", "--url",
            "--connection", "--root", "--runroot");
    /** Management commands whose next word is the real subcommand: {@code docker container run}. */
    private static final Set<String> GROUPS = Set.of("container", "image", "builder", "buildx");

    private ContainerFiles() {
    }

    static boolean handles(String program) {
        return CONTAINER_ENGINES.contains(program) || CLUSTER_CLIENTS.contains(program);
    }

    static List<FileArgument> of(String program, List<String> args) {
        List<FileArgument> files = new ArrayList<>(0);
        if (CONTAINER_ENGINES.contains(program)) {
            container(args, files);
        } else {
            cluster(args, files);
        }
        return files;
    }

    private static void container(List<String> args, List<FileArgument> files) {
        int at = subcommand(args, 0);
        String sub = at < args.size() ? args.get(at) : "";
        if (GROUPS.contains(sub)) {
            at = subcommand(args, at + 1);
            sub = at < args.size() ? args.get(at) : "";
        }
        List<String> rest = args.subList(Math.min(at + 1, args.size()), args.size());
        switch (sub) {
            case "run", "create" -> mounts(rest, files);
            case "build" -> build(rest, files);
            case "cp" -> copy(rest, files);
            default -> {
                // exec, logs, ps, …: nothing of this machine.
            }
        }
    }

    private static int subcommand(List<String> args, int from) {
        int i = from;
        while (i < args.size() && args.get(i).startsWith("-")) {
            i += ENGINE_OPTIONS.contains(args.get(i)) ? 2 : 1;
        }
        return i;
    }

    /** {@code -v SRC:DST[:OPTIONS]}, {@code --volume}, {@code --mount type=bind,source=SRC[,readonly]}. */
    private static void mounts(List<String> args, List<FileArgument> files) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            String value = null;
            boolean mount = false;
            if ((arg.equals("-v") || arg.equals("--volume") || arg.equals("--mount")) && i + 1 < args.size()) {
                value = args.get(++i);
                mount = arg.equals("--mount");
            } else if (arg.startsWith("--volume=") || arg.startsWith("--mount=")) {
                value = arg.substring(arg.indexOf('=') + 1);
                mount = arg.startsWith("--mount=");
            }
            if (value != null) {
                if (mount) {
                    bindMount(value, files);
                } else {
                    volume(value, files);
                }
            }
        }
    }

    private static void volume(String value, List<FileArgument> files) {
        String[] parts = value.split(":", -1);
        if (parts.length < 2 || !isHostPath(parts[0])) {
            return; // a named volume, or only a container path: nothing here
        }
        boolean readOnly = parts.length > 2 && List.of(parts[2].split(",")).stream()
                .anyMatch(o -> o.equals("ro") || o.equals("readonly"));
        mounted(parts[0], readOnly, files);
    }

    private static void bindMount(String value, List<FileArgument> files) {
        String source = null;
        boolean bind = false;
        boolean readOnly = false;
        for (String field : value.split(",")) {
            int equals = field.indexOf('=');
            String key = equals < 0 ? field : field.substring(0, equals);
            String v = equals < 0 ? "" : field.substring(equals + 1);
            switch (key) {
                case "type" -> bind = v.equals("bind");
                case "source", "src" -> source = v;
                case "readonly", "ro" -> readOnly = v.isEmpty() || v.equals("true") || v.equals("1");
                default -> {
                }
            }
        }
        if (bind && source != null && isHostPath(source)) {
            mounted(source, readOnly, files);
        }
    }

    private static void mounted(String source, boolean readOnly, List<FileArgument> files) {
        // The container sees the whole tree below the source, as a recursive read or write would.
        files.add(new FileArgument(source, readOnly ? Access.READ : Access.WRITE, "mounted into a container", true));
    }

    /** {@code build [-f FILE] CONTEXT}: the context is sent to the engine whole. */
    private static void build(List<String> args, List<FileArgument> files) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if ((arg.equals("-f") || arg.equals("--file")) && i + 1 < args.size()) {
                add(files, args.get(++i), Access.READ, "build file", false);
            } else if (arg.startsWith("--file=")) {
                add(files, arg.substring("--file=".length()), Access.READ, "build file", false);
            } else if (!arg.startsWith("-") && i == args.size() - 1) {
                add(files, arg, Access.READ, "build context", true);
            }
        }
    }

    /** {@code cp SRC DST}, one side {@code CONTAINER:PATH}: the other is a file here. */
    private static void copy(List<String> args, List<FileArgument> files) {
        List<String> operands = args.stream().filter(a -> !a.startsWith("-")).toList();
        if (operands.size() != 2) {
            return;
        }
        if (!inside(operands.get(0))) {
            add(files, operands.get(0), Access.READ, "copied into a container", true);
        }
        if (!inside(operands.get(1))) {
            add(files, operands.get(1), Access.WRITE, "copied from a container", true);
        }
    }

    /** {@code kubectl apply|create|delete|replace -f FILE|DIR}, {@code -k DIR}, and {@code cp}. */
    private static void cluster(List<String> args, List<FileArgument> files) {
        int end = args.indexOf("--");
        List<String> own = end < 0 ? args : args.subList(0, end);
        if (own.contains("cp")) {
            copy(own.subList(own.indexOf("cp") + 1, own.size()), files);
            return;
        }
        for (int i = 0; i + 1 < own.size(); i++) {
            String arg = own.get(i);
            if (arg.equals("-f") || arg.equals("--filename") || arg.equals("-k") || arg.equals("--kustomize")) {
                add(files, own.get(i + 1), Access.READ, "manifest", true);
            }
        }
    }

    /** {@code web:/etc/x}, {@code ns/pod:/x}: a path inside a container, not here. */
    private static boolean inside(String operand) {
        return operand.indexOf(':') > 0 && !isHostPath(operand);
    }

    private static boolean isHostPath(String path) {
        return path.startsWith("/") || path.startsWith(".") || path.startsWith("~") || path.startsWith("$");
    }

    private static void add(List<FileArgument> files, String path, Access access, String origin, boolean tree) {
        if (!path.isEmpty() && !path.equals("-") && !path.contains("://")) {
            files.add(new FileArgument(path, access, origin, tree));
        }
    }
}
