package dev.cordon.yaml;

import dev.cordon.diagnostic.PolicyException;
import dev.cordon.diagnostic.Problem;
import java.util.ArrayList;
import java.util.List;

/** Collects what is wrong in one file, so a user sees every problem at once, then refuses it. */
public final class Problems {

    private final String file;
    private final List<Problem> problems = new ArrayList<>();

    public Problems(String file) {
        this.file = file;
    }

    public String file() {
        return file;
    }

    public void add(Yaml.Node at, String message) {
        add(at.line(), at.column(), message);
    }

    public void add(int line, int column, String message) {
        problems.add(new Problem(file, line, column, message));
    }

    public void addAll(PolicyException error) {
        problems.addAll(error.problems());
    }

    public boolean isEmpty() {
        return problems.isEmpty();
    }

    public int size() {
        return problems.size();
    }

    public List<Problem> all() {
        return List.copyOf(problems);
    }

    public void throwIfAny() {
        if (!problems.isEmpty()) {
            throw new PolicyException(problems);
        }
    }
}
