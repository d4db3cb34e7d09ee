package dev.cordon.diagnostic;

import java.util.List;
import java.util.stream.Collectors;

/** Rule or profile files are invalid; nothing may be decided with them (exit code 3). */
public final class PolicyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient List<Problem> problems;

    public PolicyException(List<Problem> problems) {
        super(problems.stream().map(Problem::render).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public PolicyException(Problem problem) {
        this(List.of(problem));
    }

    public List<Problem> problems() {
        return problems;
    }
}
