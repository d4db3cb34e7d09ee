package dev.cordon.shell;

import dev.cordon.shell.CodeTokens.Kind;
import dev.cordon.shell.CodeTokens.Token;
import dev.cordon.shell.InterpreterCode.Language;
import java.util.List;
import java.util.Set;

/**
 * The names, per language, of the calls {@link InterpreterCode} looks for: those that run a
 * shell command, evaluate code, delete, walk and open files, fetch from the network and open
 * sockets. A name alone can mislead ({@code regex.exec}, {@code list.remove}), so some count only
 * with the module that gives them.
 */
final class CodeWords {

    private static final Set<String> PYTHON_SHELL = Set.of("system", "popen", "getoutput", "getstatusoutput",
            "check_output", "check_call", "Popen", "execl", "execle", "execlp", "execlpe", "execv", "execve",
            "execvp", "execvpe", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp",
            "spawnvpe", "posix_spawn", "posix_spawnp");
    private static final Set<String> NODE_SHELL = Set.of("exec", "execSync", "spawn", "spawnSync", "execFile",
            "execFileSync", "execa", "execaSync", "execaCommand", "execaCommandSync");
    private static final Set<String> RUBY_SHELL = Set.of("system", "exec", "spawn", "popen", "capture2", "capture2e",
            "capture3", "popen2", "popen2e", "popen3", "pipeline", "pipeline_r", "pipeline_w");
    private static final Set<String> PERL_SHELL = Set.of("system", "exec", "readpipe");
    private static final Set<String> PHP_SHELL = Set.of("system", "exec", "shell_exec", "passthru", "popen",
            "proc_open", "pcntl_exec");

    private static final Set<String> TREE_DELETES = Set.of("rmtree", "remove_tree", "rm_rf", "rm_r", "remove_dir",
            "rimraf", "rimrafSync", "removeSync", "emptyDirSync", "emptyDir");
    private static final Set<String> PYTHON_DELETES = Set.of("rmtree", "remove", "unlink", "rmdir", "removedirs");
    private static final Set<String> NODE_DELETES = Set.of("rmSync", "rmdirSync", "unlinkSync", "rm", "rmdir",
            "unlink", "removeSync", "remove", "rimraf", "rimrafSync", "emptyDirSync", "emptyDir");
    private static final Set<String> RUBY_DELETES = Set.of("rm_rf", "rm_r", "rm", "rm_f", "remove_dir", "remove_entry",
            "remove_entry_secure", "rmtree", "remove", "delete", "unlink", "rmdir");
    private static final Set<String> PERL_DELETES = Set.of("rmtree", "remove_tree", "unlink", "rmdir");
    private static final Set<String> PHP_DELETES = Set.of("unlink", "rmdir");

    private static final Set<String> WALKS = Set.of("walk", "glob", "iglob", "listdir", "scandir", "rglob", "iterdir",
            "readdirSync", "readdir", "entries", "children", "find", "each_child", "opendir");

    private static final Set<String> PYTHON_OPENS = Set.of("open", "read_text", "read_bytes", "write_text",
            "write_bytes");
    private static final Set<String> NODE_OPENS = Set.of("readFileSync", "readFile", "createReadStream",
            "writeFileSync", "writeFile", "appendFileSync", "appendFile", "createWriteStream", "openSync", "copyFileSync");
    private static final Set<String> RUBY_OPENS = Set.of("read", "open", "readlines", "foreach", "write", "binread",
            "binwrite");
    private static final Set<String> PERL_OPENS = Set.of("open", "sysopen");
    private static final Set<String> PHP_OPENS = Set.of("file_get_contents", "fopen", "file", "readfile",
            "file_put_contents", "highlight_file", "show_source");
    private static final Set<String> LUA_OPENS = Set.of("open", "lines");

    private CodeWords() {
    }

    /** Whether the call {@code name} (written {@code text}) runs a shell command in this language. */
    static boolean runsShell(Language language, String text, String name, String code) {
        return switch (language) {
            case PYTHON -> {
                if (name.equals("run") || name.equals("call")) {
                    String module = text.equals(name) ? "" : text.substring(0, text.length() - name.length() - 1);
                    yield module.equals("subprocess") || (!module.isEmpty() && code.contains("import subprocess as " + module))
                            || (module.isEmpty() && code.contains("from subprocess import"));
                }
                yield text.startsWith("pty.") ? name.equals("spawn") : PYTHON_SHELL.contains(name);
            }
            case NODE -> NODE_SHELL.contains(name);
            case RUBY -> RUBY_SHELL.contains(name);
            case PERL -> PERL_SHELL.contains(name);
            case PHP -> PHP_SHELL.contains(name);
            case LUA -> text.endsWith("os.execute") || text.endsWith("io.popen");
            case AWK -> name.equals("system");
        };
    }

    /** Whether the call evaluates code of the language itself. */
    static boolean evaluates(Language language, String name) {
        return switch (language) {
            case PYTHON -> name.equals("exec") || name.equals("eval") || name.equals("compile") || name.equals("execfile");
            case NODE -> name.equals("eval") || name.equals("Function") || name.startsWith("runIn");
            case RUBY -> name.equals("eval") || name.endsWith("_eval");
            case PERL -> name.equals("eval");
            case PHP -> name.equals("eval") || name.equals("assert") || name.equals("create_function");
            case LUA -> name.equals("load") || name.equals("loadstring") || name.equals("dofile") || name.equals("loadfile");
            case AWK -> false;
        };
    }

    static boolean deletes(Language language, String name) {
        return switch (language) {
            case PYTHON -> PYTHON_DELETES.contains(name);
            case NODE -> NODE_DELETES.contains(name);
            case RUBY -> RUBY_DELETES.contains(name);
            case PERL -> PERL_DELETES.contains(name);
            case PHP -> PHP_DELETES.contains(name);
            case LUA -> name.equals("remove");
            case AWK -> false;
        };
    }

    /** Whether a delete call is written with a file module: {@code os.remove}, {@code fs.rmSync}, {@code FileUtils.rm_rf}. */
    static boolean fileModule(Language language, String text, String name) {
        if (TREE_DELETES.contains(name)) {
            return true;
        }
        String module = text.equals(name) ? "" : text.substring(0, text.length() - name.length() - 1);
        return switch (language) {
            case PYTHON -> module.equals("os") || module.equals("shutil");
            case NODE -> module.endsWith("fs") || module.endsWith("promises") || name.endsWith("Sync");
            case RUBY -> module.equals("FileUtils") || module.equals("File") || module.equals("Dir");
            case PERL, PHP, LUA -> true;
            case AWK -> false;
        };
    }

    static boolean deletesTrees(Language language, String name) {
        return TREE_DELETES.contains(name) || (language == Language.NODE && name.equals("remove"));
    }

    static boolean walks(Language language, String name) {
        return language != Language.AWK && WALKS.contains(name);
    }

    static boolean opensFile(Language language, String name) {
        return switch (language) {
            case PYTHON -> PYTHON_OPENS.contains(name);
            case NODE -> NODE_OPENS.contains(name);
            case RUBY -> RUBY_OPENS.contains(name);
            case PERL -> PERL_OPENS.contains(name);
            case PHP -> PHP_OPENS.contains(name);
            case LUA -> LUA_OPENS.contains(name);
            case AWK -> false;
        };
    }

    /** Whether the call at {@code at} writes the file: by its name, or by a mode argument. */
    static boolean writesFile(Language language, String name, List<Token> args, List<Token> tokens, int at) {
        if (name.startsWith("write") || name.startsWith("append") || name.startsWith("createWrite")
                || name.equals("binwrite") || name.equals("file_put_contents") || name.equals("copyFileSync")) {
            return true;
        }
        for (Token t : args) {
            if (t.kind() == Kind.STRING && t.text().length() <= 3 && !t.text().isEmpty()
                    && t.text().chars().allMatch(c -> "rwaxbt+<>".indexOf(c) >= 0)
                    && (t.text().indexOf('w') >= 0 || t.text().indexOf('a') >= 0 || t.text().indexOf('x') >= 0
                    || t.text().indexOf('>') >= 0 || t.text().indexOf('+') >= 0)) {
                return true;
            }
            if (language == Language.PERL && t.kind() == Kind.STRING && t.text().strip().startsWith(">")) {
                return true;
            }
        }
        return false;
    }

    /** {@code os.path.expanduser("~")}, {@code Path.home()}, {@code os.homedir()}, {@code ENV["HOME"]}… */
    static boolean isHome(List<Token> arg) {
        boolean home = false;
        for (Token t : arg) {
            if (t.kind() == Kind.STRING) {
                switch (t.text()) {
                    case "~", "~/", "HOME" -> home = true;
                    case "os", "path" -> {
                        // module names of require("os")
                    }
                    default -> {
                        return false; // a path below the home folder, or something else
                    }
                }
            } else if (t.kind() == Kind.NAME && (t.last().equals("homedir") || t.last().equals("home")
                    || t.text().endsWith("env.HOME") || t.text().equals("$ENV"))) {
                home = true;
            }
        }
        return home;
    }

    /** Whether the code fetches something from the network. */
    static boolean fetches(Language language, String code) {
        if (code.contains("http://") || code.contains("https://") || code.contains("ftp://")) {
            return true;
        }
        String[] markers = switch (language) {
            case PYTHON -> new String[] {"urlopen", "urlretrieve", "urllib", "requests.", "http.client", "httpx"};
            case NODE -> new String[] {"fetch(", "http.get", "https.get", "http.request", "https.request", "axios"};
            case RUBY -> new String[] {"Net::HTTP", "open-uri", "URI.open", "Faraday", "HTTParty", "RestClient"};
            case PERL -> new String[] {"LWP", "HTTP::Tiny", "getstore"};
            case PHP -> new String[] {"curl_exec", "curl_init"};
            case LUA -> new String[] {"socket.http", "http.request"};
            case AWK -> new String[] {"/inet/"};
        };
        for (String marker : markers) {
            if (code.contains(marker)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the code opens a network socket of its own. */
    static boolean connectsSocket(Language language, String code) {
        String[] markers = switch (language) {
            case PYTHON -> new String[] {"socket.socket", "socket(", "create_connection"};
            case NODE -> new String[] {"net.Socket", "net.connect", "createConnection", "new Socket", "connect("};
            case RUBY -> new String[] {"TCPSocket", "Socket.new", "UDPSocket"};
            case PERL -> new String[] {"IO::Socket", "socket(", "Socket"};
            case PHP -> new String[] {"fsockopen", "socket_create", "stream_socket_client"};
            case LUA -> new String[] {"socket.tcp", "socket.connect"};
            case AWK -> new String[] {"/inet/"};
        };
        for (String marker : markers) {
            if (code.contains(marker)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the code hands its streams to a shell: {@code dup2}, {@code pty.spawn}, a shell it starts. */
    static boolean redirectsToShell(String code, List<String> commands) {
        for (String marker : new String[] {"dup2", "pty.spawn", "reopen", ">&", "/bin/sh", "/bin/bash", "cmd.exe",
            ".pipe("}) {
            if (code.contains(marker)) {
                return true;
            }
        }
        for (String command : commands) {
            String program = command.strip().split(" ", 2)[0].replace("'", "");
            if (Unwrapper.SHELLS.contains(Unwrapper.basename(program))) {
                return true;
            }
        }
        return false;
    }
}
