package dev.cordon.shell;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A simple command as the grammar sees it, before wrappers are unwrapped and options normalised.
 * Mutable while its pipeline is still being read.
 */
final class RawCommand {

    /** A redirection whose target is still a word; {@code heredoc} is set for {@code <<}. */
    record Redirect(int fd, String operator, Word target, Heredoc heredoc) {
    }

    final List<Word> words = new ArrayList<>(4);
    final Map<String, String> assignments = new LinkedHashMap<>(2);
    /** The values of {@code assignments}, as far as cordon knows them. */
    final Map<String, Value> values = new LinkedHashMap<>(2);
    final List<Redirect> redirects = new ArrayList<>(2);
    final int depth;
    /** Wrappers that apply to every command of the source (e.g. {@code bash -c}). */
    final List<String> outerWrappers;
    /** Keywords that wrap this command inside its source ({@code time}, {@code function f}). */
    final List<String> keywords = new ArrayList<>(0);
    final Source source;
    int pipeline;
    int position;
    /** 0 until the pipeline this command belongs to has been read. */
    int pipelineLength;
    String text = "";
    /** Offset of the command in its source, for messages. */
    int start;
    /** The commands before this one in its pipeline, whose output it reads; empty for the first. */
    List<RawCommand> inputs = List.of();
    /** It reads what another command writes into a {@code >(…)}: an input cordon cannot see. */
    boolean readsSubstitution;
    /** The variables when the command runs: strings it runs later are read with them. */
    Expansions.State state;

    RawCommand(int depth, List<String> outerWrappers, Source source) {
        this.depth = depth;
        this.outerWrappers = outerWrappers;
        this.source = source;
    }

    List<String> wrappers() {
        if (keywords.isEmpty()) {
            return outerWrappers;
        }
        List<String> all = new ArrayList<>(outerWrappers.size() + keywords.size());
        all.addAll(outerWrappers);
        all.addAll(keywords);
        return all;
    }

    @Override
    public String toString() {
        return text;
    }
}
