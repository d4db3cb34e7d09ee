package dev.cordon.shell;

import dev.cordon.shell.OptionSpec.Syntax;
import java.util.HashMap;
import java.util.Map;

/**
 * The option table: for the programs policy rules care about, which options take a value (so the
 * value is not mistaken for an operand) and which spellings are synonyms (so a rule names one
 * flag). Programs not listed are read with {@link OptionSpec#DEFAULT}: every short cluster is
 * split, no option takes a value.
 *
 * <p>Each entry is {@code program → syntax, value options, synonyms, other long options}; keep it
 * small and add a program only when a rule or a file check needs it.
 */
final class ProgramOptions {

    private static final Map<String, OptionSpec> TABLE = table();

    private ProgramOptions() {
    }

    /** The spec for {@code program}, or for {@code git SUBCOMMAND}. */
    static OptionSpec of(String program) {
        return TABLE.getOrDefault(program, OptionSpec.DEFAULT);
    }

    private static Map<String, OptionSpec> table() {
        Map<String, OptionSpec> table = new HashMap<>();
        add(table, "rm", Syntax.GNU, "",
                "-R=-r --recursive=-r --force=-f --dir=-d --verbose=-v",
                "--interactive --one-file-system --no-preserve-root --preserve-root --help --version");
        add(table, "rmdir", Syntax.GNU, "", "--parents=-p --verbose=-v", "--ignore-fail-on-non-empty");
        table.put("chmod", OptionSpec.parse(Syntax.GNU, "--reference",
                "--recursive=-R --changes=-c --silent=-f --quiet=-f --verbose=-v",
                "--no-preserve-root --preserve-root --help --version").onlyLetters("Rcfv"));
        add(table, "chown chgrp", Syntax.GNU, "--reference --from",
                "--recursive=-R --changes=-c --silent=-f --quiet=-f --verbose=-v --no-dereference=-h",
                "--dereference --no-preserve-root --preserve-root");
        add(table, "cp", Syntax.GNU, "-t -S --target-directory --suffix --sparse",
                "-R=-r --recursive=-r --force=-f --archive=-a --interactive=-i --no-clobber=-n"
                        + " --verbose=-v --update=-u --target-directory=-t --no-target-directory=-T"
                        + " --suffix=-S --link=-l --symbolic-link=-s --dereference=-L --no-dereference=-P",
                "--backup --preserve --no-preserve --parents --reflink --remove-destination");
        add(table, "mv", Syntax.GNU, "-t -S --target-directory --suffix",
                "--force=-f --interactive=-i --no-clobber=-n --verbose=-v --update=-u"
                        + " --target-directory=-t --no-target-directory=-T --suffix=-S",
                "--backup --strip-trailing-slashes --exchange");
        add(table, "ln", Syntax.GNU, "-t -S --target-directory --suffix",
                "--symbolic=-s --force=-f --target-directory=-t --no-target-directory=-T --suffix=-S"
                        + " --verbose=-v --relative=-r --interactive=-i --logical=-L --physical=-P"
                        + " --no-dereference=-n",
                "--backup");
        add(table, "install", Syntax.GNU, "-m -o -g -t -S --mode --owner --group --target-directory --suffix",
                "--directory=-d --mode=-m --owner=-o --group=-g --target-directory=-t", "--backup");
        add(table, "mkdir", Syntax.GNU, "-m --mode", "--parents=-p --mode=-m --verbose=-v", "");
        add(table, "touch", Syntax.GNU, "-d -r -t --date --reference",
                "--no-create=-c --date=-d --reference=-r --no-dereference=-h", "--time");
        add(table, "tee", Syntax.GNU, "", "--append=-a --ignore-interrupts=-i", "--output-error");
        add(table, "truncate", Syntax.GNU, "-s -r --size --reference", "--size=-s --reference=-r --no-create=-c", "");
        add(table, "shred", Syntax.GNU, "-n -s --iterations --size --random-source",
                "--remove=-u --zero=-z --force=-f --iterations=-n --size=-s --verbose=-v", "");
        add(table, "dd", Syntax.EXACT, "", "", "");
        add(table, "tar", Syntax.TAR,
                "-f -C -T -X -b -K -N -g -F -L -V -H -I --file --directory --files-from --exclude-from"
                        + " --blocking-factor --starting-file --newer --listed-incremental --info-script"
                        + " --tape-length --label --format --use-compress-program --to-command --exclude"
                        + " --transform --owner --group --mode --strip-components --checkpoint-action"
                        + " --rsh-command --new-volume-script",
                "--extract=-x --get=-x --create=-c --list=-t --append=-r --update=-u --file=-f"
                        + " --directory=-C --gzip=-z --bzip2=-j --xz=-J --verbose=-v --files-from=-T"
                        + " --exclude-from=-X --absolute-names=-P --keep-old-files=-k --to-stdout=-O"
                        + " --use-compress-program=-I --info-script=-F --new-volume-script=-F",
                "");
        add(table, "sed", Syntax.GNU, "-e -f -l -i? --expression --file --line-length",
                "--in-place=-i --expression=-e --file=-f --quiet=-n --silent=-n --regexp-extended=-E -r=-E"
                        + " --separate=-s --null-data=-z",
                "--posix --sandbox --debug --follow-symlinks");
        add(table, "grep egrep fgrep", Syntax.GNU,
                "-e -f -m -A -B -C -d -D --regexp --file --max-count --after-context --before-context"
                        + " --context --directories --devices --include --exclude --exclude-dir"
                        + " --exclude-from --label --binary-files",
                "--regexp=-e --file=-f --recursive=-r --dereference-recursive=-R --ignore-case=-i"
                        + " --invert-match=-v --count=-c --files-with-matches=-l --extended-regexp=-E"
                        + " --fixed-strings=-F --perl-regexp=-P --quiet=-q --silent=-q --max-count=-m",
                "--color --colour --line-number --with-filename --no-filename");
        add(table, "rg", Syntax.EXACT,
                "-e -f -g -t -T -m -A -B -C -j -M -r -E --regexp --file --glob --iglob --type --type-not"
                        + " --max-count --after-context --before-context --context --threads --max-columns"
                        + " --replace --encoding --max-depth --type-add --pre --ignore-file --sort --sortr",
                "--regexp=-e --file=-f", "");
        add(table, "awk gawk mawk nawk", Syntax.EXACT, "-f -v -F --file --assign --field-separator",
                "--file=-f --assign=-v --field-separator=-F", "");
        add(table, "sort", Syntax.GNU,
                "-o -k -t -S -T --output --key --field-separator --buffer-size --temporary-directory"
                        + " --parallel --files0-from --batch-size --compress-program --random-source",
                "--output=-o --key=-k --field-separator=-t --reverse=-r --numeric-sort=-n --unique=-u", "");
        add(table, "head tail", Syntax.GNU, "-n -c -s --lines --bytes --pid --sleep-interval",
                "--lines=-n --bytes=-c --follow=-f --quiet=-q --silent=-q", "--retry");
        add(table, "cut", Syntax.GNU, "-d -f -c -b --delimiter --fields --characters --bytes --output-delimiter",
                "--delimiter=-d --fields=-f", "");
        add(table, "uniq", Syntax.GNU, "-f -s -w --skip-fields --skip-chars --check-chars", "", "");
        add(table, "base64", Syntax.GNU, "-w --wrap", "--decode=-d --wrap=-w", "");
        add(table, "curl", Syntax.EXACT,
                "-o -d -H -X -u -A -e -b -c -D -F -T -x -K -m -w -r -E -U -C -Y -y -z -P -Q -t --output"
                        + " --data --data-raw --data-binary --data-urlencode --data-ascii --json --header"
                        + " --request --user --user-agent --referer --cookie --cookie-jar --dump-header"
                        + " --form --form-string --upload-file --proxy --config --max-time --write-out"
                        + " --range --cert --key --cacert --capath --connect-timeout --retry --retry-delay"
                        + " --proxy-user --continue-at --url --resolve --connect-to --output-dir --interface"
                        + " --limit-rate --max-filesize --trace --trace-ascii --stderr --oauth2-bearer"
                        + " --unix-socket --noproxy --proto --proto-redir",
                "--output=-o --silent=-s --show-error=-S --location=-L --remote-name=-O --insecure=-k"
                        + " --fail=-f --upload-file=-T --include=-i --head=-I --verbose=-v --data=-d"
                        + " --header=-H --request=-X --user=-u --config=-K --dump-header=-D"
                        + " --cookie-jar=-c --cookie=-b",
                "");
        add(table, "wget", Syntax.GNU,
                "-O -o -a -P -i -U -t -T -e -B -Q -w -l -A -R -D -I -X --output-document --output-file"
                        + " --append-output --directory-prefix --input-file --user-agent --tries --timeout"
                        + " --execute --base --quota --wait --level --accept --reject --domains"
                        + " --include-directories --exclude-directories --header --post-data --post-file"
                        + " --body-data --body-file --user --password --load-cookies --save-cookies"
                        + " --ca-certificate --certificate --private-key --method --referer",
                "--output-document=-O --output-file=-o --append-output=-a --directory-prefix=-P"
                        + " --input-file=-i --quiet=-q --verbose=-v --execute=-e",
                "--no-check-certificate --continue --mirror --recursive");
        add(table, "aria2c", Syntax.GNU, "-o -d -i -x -s -j -k -t -l --out --dir --input-file --max-connection-per-server"
                        + " --split --max-concurrent-downloads --min-split-size --timeout --log",
                "--out=-o --dir=-d --input-file=-i", "");
        add(table, "fetch", Syntax.EXACT, "-o -T -B -S -N -i", "", "");
        add(table, "unzip", Syntax.EXACT, "-d -x -P", "", "");
        add(table, "nc ncat netcat", Syntax.EXACT,
                "-e -c -p -s -w -i -q -x -X -o -I -O -T -V --exec --sh-exec --lua-exec --source-port"
                        + " --source --wait --idle-timeout --proxy --proxy-type --proxy-auth --output"
                        + " --hex-dump --allow --allowfile --deny --denyfile --max-conns",
                "--exec=-e --sh-exec=-c --listen=-l --udp=-u --verbose=-v --keep-open=-k", "");
        add(table, "ssh", Syntax.EXACT, "-b -c -D -E -e -F -I -i -J -L -l -m -O -o -p -Q -R -S -W -w -B", "", "");
        add(table, "scp", Syntax.EXACT, "-c -D -F -i -J -l -o -P -S -X", "-R=-r", "");
        add(table, "rsync", Syntax.EXACT,
                "-e -f -B -M -T --rsh --rsync-path --exclude --include --filter --exclude-from"
                        + " --include-from --files-from --backup-dir --suffix --temp-dir --partial-dir"
                        + " --compare-dest --copy-dest --link-dest --log-file --password-file --port"
                        + " --bwlimit --chmod --chown --timeout --max-size --min-size --block-size"
                        + " --out-format",
                "--recursive=-r --archive=-a --verbose=-v --compress=-z --rsh=-e --dry-run=-n", "");
        add(table, "bash sh zsh dash ksh mksh ash", Syntax.EXACT, "-o -O --rcfile --init-file", "", "");
        add(table, "kill", Syntax.EXACT, "-s -n", "", "");
        add(table, "find", Syntax.FIND, "", "", "");
        add(table, "git", Syntax.GIT, "-C -c --git-dir --work-tree --namespace --config-env --super-prefix",
                "", "--no-pager --paginate --bare --exec-path --no-replace-objects");
        addGit(table, "commit", "-m -F -C -c -t --message --file --reuse-message --reedit-message --template"
                        + " --author --date --fixup --squash --trailer --cleanup",
                "--message=-m --all=-a --no-verify=-n --file=-F --quiet=-q --verbose=-v");
        addGit(table, "push", "-o --push-option --repo --receive-pack --exec",
                "--force=-f --delete=-d --set-upstream=-u --verbose=-v --quiet=-q --dry-run=-n");
        addGit(table, "clean", "-e --exclude", "--force=-f --dry-run=-n --quiet=-q --interactive=-i");
        addGit(table, "checkout", "-b -B --orphan", "--force=-f --quiet=-q");
        addGit(table, "switch", "-c -C --create --force-create --orphan", "--create=-c --force-create=-C");
        addGit(table, "clone", "-b -o -c -u -j --branch --origin --config --upload-pack --template --reference"
                        + " --separate-git-dir --depth --jobs --filter",
                "--branch=-b --origin=-o --config=-c --upload-pack=-u");
        addGit(table, "tag", "-m -F -u --message --file --local-user", "--message=-m --file=-F --delete=-d");
        addGit(table, "log", "-n --max-count --author --grep --since --until --date", "--max-count=-n");
        addGit(table, "rebase", "-x -s -X --exec --onto --strategy --strategy-option", "--exec=-x");
        addGit(table, "merge", "-m -F -s -X --message --file --strategy --strategy-option", "--message=-m");
        addGit(table, "stash", "-m --message", "--message=-m");
        addGit(table, "config", "-f --file --blob --default", "--file=-f");
        addGit(table, "branch", "-u --set-upstream-to", "--delete=-d --force=-f --move=-m --copy=-c");
        addGit(table, "fetch", "-j --depth --jobs --upload-pack -o --server-option", "--force=-f");
        addGit(table, "pull", "-j --depth --jobs --upload-pack -o --server-option", "--force=-f");
        addGit(table, "reset", "", "--quiet=-q");
        return Map.copyOf(table);
    }

    private static void add(Map<String, OptionSpec> table, String programs, Syntax syntax, String values,
            String synonyms, String longs) {
        OptionSpec spec = OptionSpec.parse(syntax, values, synonyms, longs);
        for (String program : programs.split(" ")) {
            table.put(program, spec);
        }
    }

    private static void addGit(Map<String, OptionSpec> table, String subcommand, String values, String synonyms) {
        table.put("git " + subcommand, OptionSpec.parse(Syntax.GNU, values, synonyms, ""));
    }
}
