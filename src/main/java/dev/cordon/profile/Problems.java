package dev.cordon.profile;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import java.util.ArrayList;
import java.util.List;
import org.snakeyaml.engine.v2.nodes.Node;

/** Collects what is wrong in one file, so a user sees every problem at once, then refuses it. */
final class Problems {

    private final String file;
    private final List<Problem> problems = new ArrayList<>();

    Problems(String file) {
        this.file = file;
    }

    String file() {
        return file;
    }

    void add(Node at, String message) {
        add(Nodes.line(at), Nodes.column(at), message);
    }

    void add(int line, int column, String message) {
        problems.add(new Problem(file, line, column, message));
    }

    void addAll(PolicyException error) {
        problems.addAll(error.problems());
    }

    boolean isEmpty() {
        return problems.isEmpty();
    }

    void throwIfAny() {
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
    }
}
