package dev.cordon.executor.windows;

import dev.cordon.executor.windows.WindowsLabelJournal.Entry;
import dev.cordon.spi.ExecutorException;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Applies a label plan around one run and undoes it afterwards, journaled: every change is
 * recorded before it is made, every undo checks that the label is still the one this run set
 * (someone else's later change is left alone and reported), and a journal is deleted only once
 * everything in it was undone. {@link #repair()} undoes what crashed runs left.
 */
final class WindowsLabeller {

    private final WindowsMachine machine;
    private final Path journals;

    WindowsLabeller(WindowsMachine machine, Path journals) {
        this.machine = machine;
        this.journals = journals;
    }

    /** The changes of one run; {@link #close()} undoes them and returns what could not be undone. */
    final class Applied {

        private final WindowsLabelJournal journal;
        private final List<Entry> entries;

        private Applied(WindowsLabelJournal journal, List<Entry> entries) {
            this.journal = journal;
            this.entries = entries;
        }

        List<String> close() {
            List<String> problems = undo(entries);
            try {
                if (problems.isEmpty()) {
                    journal.delete();
                } else {
                    journal.close();
                }
            } catch (IOException e) {
                problems.add("cannot finish the label journal `" + journal.file() + "`: " + e.getMessage());
            }
            return problems;
        }
    }

    Applied apply(WindowsLabelPlan plan, String runId) throws ExecutorException {
        WindowsLabelJournal journal;
        try {
            journal = WindowsLabelJournal.create(journals, runId);
        } catch (IOException e) {
            throw new ExecutorException("cannot write the label journal in `" + journals + "`: " + e.getMessage(), e);
        }
        List<Entry> done = new ArrayList<>();
        try {
            for (String placeholder : plan.placeholders()) {
                Entry entry = new Entry(Entry.Kind.PLACEHOLDER, placeholder, "", "");
                journal.record(entry);
                try {
                    machine.createDirectory(WindowsPaths.nativeForm(placeholder));
                } catch (FileAlreadyExistsException e) {
                    throw new ExecutorException("protected path `" + placeholder + "` appeared while the run was prepared", e);
                }
                done.add(entry);
            }
            for (WindowsLabel label : plan.labels()) {
                String path = WindowsPaths.nativeForm(label.path());
                Entry entry = new Entry(Entry.Kind.LABEL, label.path(), machine.readLabel(path), label.sddl());
                journal.record(entry);
                machine.writeLabel(path, label.sddl());
                done.add(entry);
            }
        } catch (IOException | ExecutorException e) {
            List<String> problems = undo(done);
            finish(journal, problems);
            String message = e instanceof ExecutorException ? e.getMessage() : "cannot label the write roots: " + e.getMessage();
            throw new ExecutorException(problems.isEmpty() ? message : message + "; also " + String.join("; ", problems), e);
        }
        return new Applied(journal, done);
    }

    /**
     * Undoes what the journals of unfinished runs recorded, skipping those a live run holds;
     * returns one line per thing it could not undo.
     */
    List<String> repair() {
        List<String> problems = new ArrayList<>();
        try {
            for (Path file : WindowsLabelJournal.all(journals)) {
                Optional<WindowsLabelJournal> claimed = WindowsLabelJournal.claim(file);
                if (claimed.isEmpty()) {
                    continue;
                }
                try (WindowsLabelJournal journal = claimed.get()) {
                    List<String> left = undo(journal.entries());
                    if (left.isEmpty()) {
                        journal.delete();
                    }
                    problems.addAll(left);
                }
            }
        } catch (IOException e) {
            problems.add("cannot repair from the label journals in `" + journals + "`: " + e.getMessage());
        }
        return problems;
    }

    /** Undoes changes, last first. */
    private List<String> undo(List<Entry> entries) {
        List<String> problems = new ArrayList<>();
        for (int i = entries.size() - 1; i >= 0; i--) {
            Entry entry = entries.get(i);
            String path = WindowsPaths.nativeForm(entry.path());
            try {
                if (entry.kind() == Entry.Kind.LABEL) {
                    String now = machine.readLabel(path);
                    if (now.equals(entry.after())) {
                        machine.writeLabel(path, entry.before());
                    } else if (!now.equals(entry.before())) {
                        problems.add("the label of `" + entry.path() + "` was changed by someone else; left as `" + now + "`");
                    }
                } else if (machine.kind(path) != WindowsHostFiles.Kind.MISSING && !machine.deleteIfEmpty(path)) {
                    problems.add("placeholder `" + entry.path() + "` is not empty; left in place");
                }
            } catch (IOException e) {
                problems.add("cannot undo the change to `" + entry.path() + "`: " + e.getMessage());
            }
        }
        return problems;
    }

    private static void finish(WindowsLabelJournal journal, List<String> problems) {
        try {
            if (problems.isEmpty()) {
                journal.delete();
            } else {
                journal.close();
            }
        } catch (IOException e) {
            // The next repair finds nothing left to undo in it and deletes it then.
        }
    }
}
