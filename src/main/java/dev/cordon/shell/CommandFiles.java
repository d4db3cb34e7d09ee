package dev.cordon.shell;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The files a simple command reads and writes: its redirection targets, plus the operands of
 * well-known programs ({@code cat} reads, {@code rm} writes, {@code cp} reads its sources and
 * writes its destination…). For other programs, operands that look like paths (contain
 * {@code /}, start with {@code ~} or {@code .}) are taken as reads.
 */
public final class CommandFiles {

    /** How a program uses its operands. */
    private enum Use {
        READS, PATTERN_THEN_READS, FIRST_READS, WRITES, MODE_THEN_WRITES, COPY, MOVE, LINK, DD, TAR,
        SED, SORT, CURL, WGET, ARIA2, UNZIP, FIND, SHELL, LOCK, ARCHIVE, NONE
    }

    private static final Map<String, Use> PROGRAMS = programs();

    private CommandFiles() {
    }

    private static Map<String, Use> programs() {
        Map<String, Use> map = new HashMap<>();
        put(map, Use.READS, "cat less more head tail wc sort uniq cut diff cmp strings xxd od base64 nl tac"
                + " file stat hexdump md5sum sha1sum sha256sum sha512sum cksum comm paste");
        put(map, Use.PATTERN_THEN_READS, "grep egrep fgrep rg awk gawk mawk nawk");
        put(map, Use.FIRST_READS, "source .");
        put(map, Use.WRITES, "touch mkdir rm rmdir tee truncate shred unlink");
        put(map, Use.MODE_THEN_WRITES, "chmod chown chgrp");
        put(map, Use.COPY, "cp install rsync scp");
        put(map, Use.MOVE, "mv");
        put(map, Use.LINK, "ln");
        put(map, Use.DD, "dd");
        put(map, Use.TAR, "tar");
        put(map, Use.SED, "sed");
        put(map, Use.SORT, "sort");
        put(map, Use.CURL, "curl");
        put(map, Use.WGET, "wget");
        put(map, Use.ARIA2, "aria2c fetch");
        put(map, Use.UNZIP, "unzip");
        put(map, Use.ARCHIVE, "zip");
        put(map, Use.FIND, "find");
        put(map, Use.SHELL, "bash sh zsh dash ksh mksh ash fish");
        put(map, Use.LOCK, "flock");
        put(map, Use.NONE, "echo printf true false test [ [[ : export unset alias type which kill sleep"
                + " exit return set shift wait jobs read local declare typeset readonly"
                // Wrappers and string runners: what they run is reported as commands of its own.
                + " eval su runuser watch sudo doas env nice ionice nohup timeout time stdbuf chrt taskset"
                + " setsid exec command builtin xargs busybox toybox"
                // A remote shell's words are a destination and a command of its own (see RemoteShell).
                + " ssh mosh autossh");
        return Map.copyOf(map);
    }

    private static void put(Map<String, Use> map, Use use, String programs) {
        for (String program : programs.split(" ")) {
            map.put(program, use);
        }
    }

    /**
     * The files {@code c} reads and writes. After a {@code cd} in the line, a relative path is
     * also given once for each directory the command may run in ({@link SimpleCommand#directories()}).
     */
    public static List<FileArgument> of(SimpleCommand c) {
        if (RemoteShell.runsElsewhere(c.wrappers())) {
            return List.of(); // another machine's paths
        }
        List<FileArgument> files = named(c);
        if (c.directories().isEmpty()) {
            return files;
        }
        List<FileArgument> resolved = new ArrayList<>(files.size() * (1 + c.directories().size()));
        for (FileArgument f : files) {
            resolved.add(f);
            if (!f.path().startsWith("/") && !f.path().startsWith("~")) {
                for (String directory : c.directories()) {
                    resolved.add(new FileArgument(directory + "/" + f.path(), f.access(), f.origin(), f.tree()));
                }
            }
        }
        return resolved;
    }

    private static List<FileArgument> named(SimpleCommand c) {
        List<FileArgument> files = new ArrayList<>();
        for (Redirection r : c.redirections()) {
            String origin = "redirection `" + r.operator() + "`";
            if (r.readsFile()) {
                add(files, r.target(), Access.READ, origin);
            }
            if (r.writesFile()) {
                add(files, r.target(), Access.WRITE, origin);
            }
        }
        if (c.program().isEmpty()) {
            return files;
        }
        InterpreterCode.Language language = InterpreterCode.language(c.program());
        if (language != null && language != InterpreterCode.Language.AWK) {
            // Its one-liner is code, not a path (the files the code names are commands of their
            // own); its script and the arguments that look like paths are read.
            String script = executes(c);
            String code = script == null ? interpreterCode(language, c.args()) : null;
            for (String arg : c.args()) {
                if (arg.equals(script)) {
                    add(files, script, Access.READ, "script operand");
                } else if (!arg.equals(code) && !arg.startsWith("-") && looksLikePath(arg)) {
                    add(files, arg, Access.READ, "operand");
                }
            }
            return files;
        }
        if (ContainerFiles.handles(c.program())) {
            files.addAll(ContainerFiles.of(c.program(), c.args()));
            return files;
        }
        ScannedArgs args = OptionScanner.scan(c.program(), c.args());
        Use use = PROGRAMS.get(c.program());
        if (use == null) {
            for (String operand : args.operands()) {
                if (looksLikePath(operand)) {
                    add(files, operand, Access.READ, "operand");
                }
            }
            return files;
        }
        operands(use, c.program(), args, files);
        if (use == Use.FIND && execDeletes(c.args())) {
            // `find DIR -exec rm {} +` deletes what it finds below DIR.
            files.replaceAll(f -> f.origin().equals("operand") ? new FileArgument(f.path(), Access.WRITE, f.origin()) : f);
        }
        if (readsTrees(c.program(), args)) {
            files.replaceAll(f -> f.access() == Access.READ && f.origin().equals("operand")
                    ? new FileArgument(f.path(), f.access(), f.origin(), true) : f);
        }
        return files;
    }

    /**
     * The file a command runs: its program when given as a path ({@code ./install.sh},
     * {@code /tmp/x}), or the script a shell, {@code source} or an interpreter runs
     * ({@code sh x.sh}, {@code python3 t.py}); null when it runs none.
     */
    public static String executes(SimpleCommand c) {
        if (c.dynamic()) {
            return null;
        }
        boolean shell = Unwrapper.SHELLS.contains(c.program());
        if (c.rawProgram().indexOf('/') >= 0 && !shell && InterpreterCode.language(c.program()) == null) {
            return c.rawProgram();
        }
        if (shell || c.program().equals("source") || c.program().equals(".")) {
            for (FileArgument f : named(c)) {
                if (f.origin().equals("script operand") || (!Unwrapper.SHELLS.contains(c.program()) && f.origin().equals("operand"))) {
                    return f.path();
                }
            }
            return null;
        }
        InterpreterCode.Language language = InterpreterCode.language(c.program());
        if (language == null) {
            return null;
        }
        List<Arg> args = new ArrayList<>(c.args().size());
        c.args().forEach(a -> args.add(Arg.literal(a)));
        InterpreterCode.Source source = InterpreterCode.source(language, args);
        return source == null ? null : source.file();
    }

    private static String interpreterCode(InterpreterCode.Language language, List<String> args) {
        List<Arg> words = new ArrayList<>(args.size());
        args.forEach(a -> words.add(Arg.literal(a)));
        InterpreterCode.Source source = InterpreterCode.source(language, words);
        return source == null ? null : source.code();
    }

    /** Whether a command of {@code find -exec} deletes the files it is given. */
    private static boolean execDeletes(List<String> args) {
        for (int i = 0; i + 1 < args.size(); i++) {
            if (OptionScanner.isExec(args.get(i))) {
                String program = Unwrapper.basename(args.get(i + 1));
                if (program.equals("rm") || program.equals("shred") || program.equals("unlink") || program.equals("rmdir")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Programs that read everything below the folders they are given. */
    private static boolean readsTrees(String program, ScannedArgs args) {
        return switch (program) {
            case "grep", "egrep", "fgrep" -> args.has("-r") || args.has("-R");
            case "rg", "ag", "ack", "zip" -> true;
            case "cp", "scp" -> args.has("-r") || args.has("-R") || args.has("-a");
            case "rsync" -> args.has("-r") || args.has("-a");
            case "tar" -> args.has("-c") || args.has("-r") || args.has("-u");
            case "find" -> args.has("-exec") || args.has("-execdir") || args.has("-ok") || args.has("-okdir");
            default -> false;
        };
    }

    private static void operands(Use use, String program, ScannedArgs args, List<FileArgument> files) {
        List<String> operands = args.operands();
        switch (use) {
            case READS -> all(operands, 0, Access.READ, files);
            case PATTERN_THEN_READS -> {
                boolean patternGiven = args.has("-e") || args.has("-f");
                int from = patternGiven ? 0 : 1;
                if (program.endsWith("grep") || program.equals("rg")) {
                    all(operands, from, Access.READ, files);
                } else {
                    awkFiles(operands, from, files);
                }
                option(args, "-f", Access.READ, files);
            }
            case FIRST_READS -> {
                if (!operands.isEmpty()) {
                    add(files, operands.get(0), Access.READ, "operand");
                }
            }
            case WRITES -> all(operands, 0, Access.WRITE, files);
            case MODE_THEN_WRITES -> {
                boolean reference = args.has("--reference");
                option(args, "--reference", Access.READ, files);
                all(operands, reference ? 0 : 1, Access.WRITE, files);
            }
            case COPY, MOVE -> copy(use, program, args, files);
            case LINK -> link(args, files);
            case DD -> {
                for (String operand : operands) {
                    if (operand.startsWith("if=")) {
                        add(files, operand.substring(3), Access.READ, "operand `if=`");
                    } else if (operand.startsWith("of=")) {
                        add(files, operand.substring(3), Access.WRITE, "operand `of=`");
                    }
                }
            }
            case TAR -> tar(args, files);
            case SED -> {
                boolean scriptGiven = args.has("-e") || args.has("-f");
                all(operands, scriptGiven ? 0 : 1, args.has("-i") ? Access.WRITE : Access.READ, files);
                option(args, "-f", Access.READ, files);
            }
            case SORT -> {
                all(operands, 0, Access.READ, files);
                option(args, "-o", Access.WRITE, files);
            }
            case CURL -> {
                for (String flag : new String[] {"-o", "-D", "-c", "--trace", "--trace-ascii", "--stderr",
                        "--output-dir"}) {
                    option(args, flag, Access.WRITE, files);
                }
                option(args, "-T", Access.READ, files);
                option(args, "-K", Access.READ, files);
                if (args.has("-O") || args.has("--remote-name-all")) {
                    String dir = args.valuesOf("--output-dir").stream().findFirst().orElse(null);
                    for (String url : args.operands()) {
                        add(files, in(dir, remoteName(url)), Access.WRITE, "remote file name of `-O`");
                    }
                }
                for (ScannedArgs.OptionValue v : args.values()) {
                    if (v.flag().startsWith("--data") || v.flag().equals("-d") || v.flag().equals("-F")) {
                        int at = v.value().indexOf('@');
                        if (at >= 0 && at + 1 < v.value().length() && (at == 0 || v.flag().equals("-F"))) {
                            add(files, v.value().substring(at + 1), Access.READ, "option `" + v.flag() + "`");
                        }
                    }
                }
            }
            case WGET -> {
                option(args, "-O", Access.WRITE, files);
                option(args, "-o", Access.WRITE, files);
                option(args, "-a", Access.WRITE, files);
                option(args, "-P", Access.WRITE, files);
                option(args, "-i", Access.READ, files);
                option(args, "--post-file", Access.READ, files);
                option(args, "--body-file", Access.READ, files);
                if (args.valuesOf("-O").isEmpty()) {
                    String dir = args.valuesOf("-P").stream().findFirst().orElse(null);
                    for (String url : args.operands()) {
                        add(files, in(dir, remoteName(url)), Access.WRITE, "file named after the URL");
                    }
                }
            }
            case ARIA2 -> {
                String dir = null;
                String out = null;
                for (ScannedArgs.OptionValue v : args.values()) {
                    dir = v.flag().equals("-d") || v.flag().equals("--dir") ? v.value() : dir;
                    out = v.flag().equals("-o") || v.flag().equals("--out") ? v.value() : out;
                }
                for (String url : args.operands()) {
                    add(files, in(dir, out != null ? out : remoteName(url)), Access.WRITE, "downloaded file");
                }
            }
            case UNZIP -> {
                if (!operands.isEmpty()) {
                    add(files, operands.get(0), Access.READ, "operand");
                }
                List<String> directories = args.valuesOf("-d");
                add(files, directories.isEmpty() ? "." : directories.get(0), Access.WRITE,
                        directories.isEmpty() ? "extraction directory" : "option `-d`");
            }
            case ARCHIVE -> {
                if (!operands.isEmpty()) {
                    add(files, operands.get(0), Access.WRITE, "archive operand");
                }
                all(operands, 1, Access.READ, files);
            }
            case FIND -> {
                Access access = args.has("-delete") ? Access.WRITE : Access.READ;
                all(operands.isEmpty() ? List.of(".") : operands, 0, access, files);
                for (String flag : new String[] {"-fprint", "-fprint0", "-fls", "-fprintf"}) {
                    option(args, flag, Access.WRITE, files);
                }
            }
            case SHELL -> {
                // With -c the operand is code, reported as commands; otherwise it is a script.
                if (!args.has("-c") && !operands.isEmpty()) {
                    add(files, operands.get(0), Access.READ, "script operand");
                }
            }
            case LOCK -> {
                if (!operands.isEmpty()) {
                    add(files, operands.get(0), Access.WRITE, "lock file operand");
                }
            }
            case NONE -> {
            }
        }
    }

    /** cp/mv/install/rsync/scp: the last operand (or {@code -t DIR}) is written, the rest read. */
    private static void copy(Use use, String program, ScannedArgs args, List<FileArgument> files) {
        List<String> operands = args.operands();
        // rsync and scp name remote files as host:path; those are not on this machine.
        boolean remoteForms = program.equals("rsync") || program.equals("scp");
        Access sources = use == Use.MOVE ? Access.WRITE : Access.READ;
        if (program.equals("install") && args.has("-d")) {
            // install -d creates every operand as a directory.
            all(operands, 0, Access.WRITE, files);
            return;
        }
        List<String> targets = args.valuesOf("-t");
        int last = targets.isEmpty() && operands.size() > 1 ? operands.size() - 1 : operands.size();
        for (int i = 0; i < last; i++) {
            if (!remoteForms || !isRemote(operands.get(i))) {
                add(files, operands.get(i), sources, "operand");
            }
        }
        if (last < operands.size() && (!remoteForms || !isRemote(operands.get(last)))) {
            add(files, operands.get(last), Access.WRITE, "destination operand");
        }
        for (String target : targets) {
            add(files, target, Access.WRITE, "option `-t`");
        }
    }

    /**
     * ln: the link (last operand, or in {@code -t DIR}) is written; targets are only named. A
     * relative target of a symbolic link is relative to the link's folder, not to the working
     * directory ({@code ln -s ../x sub/link} points at {@code x}), unless {@code -r} asks ln to
     * compute it from the working directory.
     */
    private static void link(ScannedArgs args, List<FileArgument> files) {
        List<String> operands = args.operands();
        List<String> targets = args.valuesOf("-t");
        boolean fromLink = args.has("-s") && !args.has("-r");
        if (!targets.isEmpty()) {
            for (String operand : operands) {
                add(files, fromLink ? besideLink(operand, targets.get(0) + "/x") : operand, Access.READ, "operand");
            }
            for (String target : targets) {
                add(files, target, Access.WRITE, "option `-t`");
            }
            return;
        }
        if (operands.size() == 1) {
            add(files, operands.get(0), Access.READ, "operand");
            return;
        }
        String link = operands.isEmpty() ? null : operands.get(operands.size() - 1);
        for (int i = 0; i < operands.size(); i++) {
            boolean last = i == operands.size() - 1;
            String operand = operands.get(i);
            if (last) {
                add(files, operand, Access.WRITE, "destination operand");
            } else {
                // Into a folder (`ln -s ../x dir/`) the link is `dir/x`: the target is relative to `dir`.
                String at = link.endsWith("/") || operands.size() > 2 ? link + "/x" : link;
                add(files, fromLink ? besideLink(operand, at) : operand, Access.READ, "link target");
            }
        }
    }

    /** A symbolic link's target as a path from the working directory. */
    private static String besideLink(String target, String link) {
        if (target.startsWith("/") || target.startsWith("~")) {
            return target;
        }
        int slash = link.lastIndexOf('/');
        return slash < 0 ? target : link.substring(0, slash + 1) + target;
    }

    /** tar: create/append writes the archive and reads the operands; extract writes its directory. */
    private static void tar(ScannedArgs args, List<FileArgument> files) {
        boolean creates = args.has("-c") || args.has("-r") || args.has("-u") || args.has("-A");
        boolean extracts = args.has("-x");
        for (String archive : args.valuesOf("-f")) {
            add(files, archive, creates ? Access.WRITE : Access.READ, "option `-f`");
        }
        if (creates) {
            all(args.operands(), 0, Access.READ, files);
        }
        if (extracts && !args.has("-O")) {
            List<String> directories = args.valuesOf("-C");
            if (directories.isEmpty()) {
                add(files, ".", Access.WRITE, "extraction directory");
            }
            for (String directory : directories) {
                add(files, directory, Access.WRITE, "option `-C`");
            }
        }
    }

    /** The file name a download of {@code url} gets by default: the last segment of its path. */
    private static String remoteName(String url) {
        String path = url;
        int scheme = path.indexOf("://");
        if (scheme >= 0) {
            path = path.substring(scheme + 3);
            int slash = path.indexOf('/');
            path = slash < 0 ? "" : path.substring(slash);
        }
        int query = path.indexOf('?');
        path = query < 0 ? path : path.substring(0, query);
        String name = path.substring(path.lastIndexOf('/') + 1);
        return name.isEmpty() ? "index.html" : name;
    }

    private static String in(String dir, String name) {
        return dir == null ? name : dir + "/" + name;
    }

    private static void option(ScannedArgs args, String flag, Access access, List<FileArgument> files) {
        for (String value : args.valuesOf(flag)) {
            add(files, value, access, "option `" + flag + "`");
        }
    }

    private static void all(List<String> operands, int from, Access access, List<FileArgument> files) {
        for (int i = from; i < operands.size(); i++) {
            add(files, operands.get(i), access, "operand");
        }
    }

    /** awk reads its operands, except {@code NAME=value} ones, which are assignments. */
    private static void awkFiles(List<String> operands, int from, List<FileArgument> files) {
        for (int i = from; i < operands.size(); i++) {
            String operand = operands.get(i);
            if (operand.indexOf('=') <= 0 || !WordReader.isNameStart(operand.charAt(0))) {
                add(files, operand, Access.READ, "operand");
            }
        }
    }

    private static void add(List<FileArgument> files, String path, Access access, String origin) {
        // <(…) and >(…) are pipes the shell makes, not files named by the command.
        if (!path.isEmpty() && !path.equals("-") && !path.startsWith("<(") && !path.startsWith(">(")) {
            files.add(new FileArgument(path, access, origin));
        }
    }

    /** A word with a slash, or starting with {@code ~} or {@code .}, and no blank: {@code '.a | b'} is a jq filter. */
    static boolean looksLikePath(String operand) {
        return !operand.isEmpty() && !operand.contains("://") && operand.indexOf(' ') < 0 && operand.indexOf('\n') < 0
                && (operand.indexOf('/') >= 0 || operand.charAt(0) == '~' || operand.charAt(0) == '.');
    }

    /** {@code host:path} or {@code user@host:path} of scp/rsync: not a local file. */
    private static boolean isRemote(String operand) {
        int colon = operand.indexOf(':');
        int slash = operand.indexOf('/');
        return colon > 0 && (slash < 0 || colon < slash);
    }
}
