package dev.cordon.shell;

/**
 * A redirection of a simple command.
 *
 * @param fd the file descriptor redirected (1 for {@code >}, 0 for {@code <}, -1 for {@code &>})
 * @param operator {@code >}, {@code >>}, {@code >|}, {@code <}, {@code <>}, {@code &>},
 *     {@code &>>}, {@code >&}, {@code <&}, {@code <<}, {@code <<-} or {@code <<<}
 * @param target the file name after quote removal, the fd for {@code >&}, or the heredoc
 *     delimiter; a heredoc's body is data and is not kept
 */
public record Redirection(int fd, String operator, String target) {

    /** True when this redirection writes or creates a file. */
    public boolean writesFile() {
        return switch (operator) {
            case ">", ">>", ">|", "&>", "&>>", "<>" -> true;
            case ">&" -> !target.chars().allMatch(Character::isDigit) && !target.equals("-");
            default -> false;
        };
    }

    /** True when this redirection reads a file. */
    public boolean readsFile() {
        return operator.equals("<") || operator.equals("<>");
    }
}
