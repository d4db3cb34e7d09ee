/**
 * Shell command analysis: what a command line would run, read the way a shell reads it.
 *
 * <p>{@link dev.cordon.shell.ShellParser#parse} turns a line into {@link dev.cordon.shell.SimpleCommand}s
 * so that rules match programs, flags and operands instead of substrings: {@code rm -r -f /},
 * {@code /bin/rm -fr /}, {@code sudo rm --recursive --force /} and {@code bash -c 'rm -rf /'} all
 * give {@code rm} with flags {@code -r} and {@code -f}; {@code grep shutdown notes.txt} gives
 * {@code grep}. {@link dev.cordon.shell.CommandFiles#of} names the files a command reads and writes.
 *
 * <p>How it works, in order:
 * <ol>
 *   <li>{@code Lexer} and {@code WordReader} read tokens and words: quoting, escapes, tilde,
 *       parameter expansion with its operators ({@code ParameterOperation}) over the variables the
 *       line shows ({@code Expansions}, {@code Value}, {@code VariableEffects}: assignments, arrays,
 *       positional parameters, {@code IFS}), command and process substitution (parsed on the
 *       spot, one level deeper; replaced by their output when {@code TextOutput} can tell it),
 *       arithmetic, here-documents (bodies are data; only substitutions in an unquoted body run).</li>
 *   <li>{@code Parser} and {@code CompoundParser} are a recursive-descent parser for lists,
 *       pipelines and compound commands; they collect raw commands in source order, each with the
 *       commands whose output it reads and the variables it was read with.</li>
 *   <li>{@code Unwrapper} expands braces and splits fields, unwraps wrappers ({@code Wrappers}),
 *       parses the strings that shells, {@code eval}, {@code su -c}, {@code watch},
 *       {@code flock -c}, functions, {@code xargs} and {@code parallel} run, what a shell reads
 *       from its input or a file the line wrote ({@code KnownFiles}), the code other programs take
 *       as arguments ({@code EmbeddedCode}) and interpreters' one-liners ({@code InterpreterCode}),
 *       reports {@code find -exec} commands, and normalises options ({@code OptionScanner} with the
 *       per-program table in {@code ProgramOptions}).</li>
 * </ol>
 *
 * <p>Fail closed: anything not understood is a problem in {@link dev.cordon.shell.ParsedCommand#problems()},
 * never an exception. Limits keep hostile input cheap: 8 levels of nested command strings and
 * substitutions, 100 levels of syntactic nesting, 16 wrappers around one command, 1024 words from
 * one brace expansion, 16 possible values of a variable, 64 KiB of computed text, 20 problems listed.
 *
 * <p>After a {@code cd} in the line, {@code Directories} keeps every directory a later command may
 * run in, and {@link dev.cordon.shell.CommandFiles} gives a relative path once for each; a
 * {@code cd} to a directory known only at run time ({@code cd "$X"}, {@code cd -}, a sourced
 * file) makes later relative paths a problem.
 *
 * <p>Known limits: aliases are checked where they are defined, not expanded where they are used;
 * {@code shopt} settings are not modelled; files sourced from disk are not read; interpreter code
 * is searched for common calls on literal values, not run; {@code coproc} is refused as
 * unsupported.
 */
package dev.cordon.shell;
