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
        SED, SORT, CURL, WGET, FIND, SHELL, LOCK, NONE
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
        put(map, Use.FIND, "find");
        put(map, Use.SHELL, "bash sh zsh dash ksh mksh ash fish");
        put(map, Use.LOCK, "flock");
        put(map, Use.NONE, "echo printf true false test [ [[ : export unset alias type which kill sleep"
                + " exit return set shift wait jobs read local declare typeset readonly"
                // Wrappers and string runners: what they run is reported as commands of its own.
                + " eval su runuser watch sudo doas env nice ionice nohup timeout time stdbuf chrt taskset"
                + " setsid exec command builtin xargs busybox toybox");
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
        List<FileArgument> files = named(c);
        if (c.directories().isEmpty()) {
            return files;
        }
        List<FileArgument> resolved = new ArrayList<>(files.size() * (1 + c.directories().size()));
        for (FileArgument f : files) {
            resolved.add(f);
            if (!f.path().startsWith("/") && !f.path().startsWith("~")) {
                for (String directory : c.directories()) {
                    resolved.add(new FileArgument(directory + "/" + f.path(), f.access(), f.origin()));
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
        return files;
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

    /** ln: the link (last operand, or in {@code -t DIR}) is written; targets are only named. */
    private static void link(ScannedArgs args, List<FileArgument> files) {
        List<String> operands = args.operands();
        List<String> targets = args.valuesOf("-t");
        if (!targets.isEmpty()) {
            all(operands, 0, Access.READ, files);
            for (String target : targets) {
                add(files, target, Access.WRITE, "option `-t`");
            }
            return;
        }
        for (int i = 0; i < operands.size(); i++) {
            boolean last = i == operands.size() - 1 && operands.size() > 1;
            add(files, operands.get(i), last ? Access.WRITE : Access.READ, last ? "destination operand" : "operand");
        }
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

    static boolean looksLikePath(String operand) {
        return !operand.isEmpty() && !operand.contains("://")
                && (operand.indexOf('/') >= 0 || operand.charAt(0) == '~' || operand.charAt(0) == '.');
    }

    /** {@code host:path} or {@code user@host:path} of scp/rsync: not a local file. */
    private static boolean isRemote(String operand) {
        int colon = operand.indexOf(':');
        int slash = operand.indexOf('/');
        return colon > 0 && (slash < 0 || colon < slash);
    }
}
