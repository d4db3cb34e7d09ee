package dev.cordon.executor.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cordon.executor.windows.WindowsHostFiles.Kind;
import dev.cordon.executor.windows.WindowsLabelJournal.Entry;
import dev.cordon.spi.ExecutorException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Applying, undoing and repairing labels on a machine in memory, with real journal files. */
class WindowsLabellerTest {

    private static final String PRIOR = "S:(ML;OICI;NW;;;LW)";

    @TempDir
    Path journals;

    private static WindowsLabelPlan plan() {
        return new WindowsLabelPlan(List.of(
                new WindowsLabel("c:/ws", WindowsIntegrity.LOW, WindowsLabel.Inheritance.CONTAINERS_AND_OBJECTS),
                new WindowsLabel("c:/ws/.cordon", WindowsIntegrity.MEDIUM, WindowsLabel.Inheritance.CONTAINERS_AND_OBJECTS),
                new WindowsLabel("c:/ws/.git/config", WindowsIntegrity.MEDIUM, WindowsLabel.Inheritance.NONE)),
                List.of("c:/ws/.cordon"));
    }

    private static FakeMachine machine() {
        FakeMachine machine = new FakeMachine().with("C:\\ws", Kind.DIRECTORY).with("C:\\ws\\.git", Kind.DIRECTORY)
                .with("C:\\ws\\.git\\config", Kind.FILE);
        machine.labels.put("c:\\ws\\.git\\config", PRIOR);
        return machine;
    }

    @Test
    void labelsAndPlaceholdersLastAsLongAsTheRunAndNotLonger() throws Exception {
        FakeMachine machine = machine();
        WindowsLabeller labeller = new WindowsLabeller(machine, journals);
        WindowsLabeller.Applied applied = labeller.apply(plan(), "run 1");
        assertEquals("S:(ML;OICI;NW;;;LW)", machine.label("C:\\ws"));
        assertEquals("S:(ML;OICI;NW;;;ME)", machine.label("C:\\ws\\.cordon"));
        assertEquals("S:(ML;;NW;;;ME)", machine.label("C:\\ws\\.git\\config"));
        assertEquals(Kind.DIRECTORY, machine.kind("C:\\ws\\.cordon"));
        assertEquals(1, WindowsLabelJournal.all(journals).size());
        assertEquals(List.of(), labeller.repair(), "a live run's journal is not repaired");
        assertEquals("S:(ML;OICI;NW;;;LW)", machine.label("C:\\ws"));

        assertEquals(List.of(), applied.close());
        assertEquals("", machine.label("C:\\ws"));
        assertEquals(PRIOR, machine.label("C:\\ws\\.git\\config"));
        assertEquals(Kind.MISSING, machine.kind("C:\\ws\\.cordon"));
        assertEquals(List.of(), WindowsLabelJournal.all(journals));
    }

    @Test
    void aFailureHalfWayUndoesWhatWasDoneAndRunsNothing() throws Exception {
        FakeMachine machine = machine();
        machine.failWrite = path -> path.endsWith("config");
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> new WindowsLabeller(machine, journals).apply(plan(), "r"));
        assertEquals("cannot label the write roots: access is denied", error.getMessage());
        assertEquals("", machine.label("C:\\ws"));
        assertEquals(Kind.MISSING, machine.kind("C:\\ws\\.cordon"));
        assertEquals(List.of(), WindowsLabelJournal.all(journals));
    }

    @Test
    void aProtectedPathThatAppearedIsRefused() throws Exception {
        FakeMachine machine = machine().with("C:\\ws\\.cordon", Kind.DIRECTORY);
        ExecutorException error = assertThrows(ExecutorException.class,
                () -> new WindowsLabeller(machine, journals).apply(plan(), "r"));
        assertEquals("protected path `c:/ws/.cordon` appeared while the run was prepared", error.getMessage());
        assertEquals(Kind.DIRECTORY, machine.kind("C:\\ws\\.cordon"), "what was there stays");
    }

    @Test
    void aCrashedRunIsRepairedFromItsJournal() throws Exception {
        FakeMachine machine = machine();
        machine.createDirectory("C:\\ws\\.cordon");
        machine.writeLabel("C:\\ws", "S:(ML;OICI;NW;;;LW)");
        machine.writeLabel("C:\\ws\\.git\\config", "S:(ML;;NW;;;ME)");
        try (WindowsLabelJournal journal = WindowsLabelJournal.create(journals, "crashed")) {
            journal.record(new Entry(Entry.Kind.PLACEHOLDER, "c:/ws/.cordon", "", ""));
            journal.record(new Entry(Entry.Kind.LABEL, "c:/ws", "", "S:(ML;OICI;NW;;;LW)"));
            journal.record(new Entry(Entry.Kind.LABEL, "c:/ws/.git/config", PRIOR, "S:(ML;;NW;;;ME)"));
        }
        Files.writeString(WindowsLabelJournal.all(journals).get(0), "label\tc:/ws/half", java.nio.file.StandardOpenOption.APPEND);
        assertEquals(List.of(), new WindowsLabeller(machine, journals).repair());
        assertEquals("", machine.label("C:\\ws"));
        assertEquals(PRIOR, machine.label("C:\\ws\\.git\\config"));
        assertEquals(Kind.MISSING, machine.kind("C:\\ws\\.cordon"));
        assertEquals(List.of(), WindowsLabelJournal.all(journals));
    }

    @Test
    void whatSomeoneElseChangedOrFilledIsLeftAndReported() throws Exception {
        FakeMachine machine = machine();
        WindowsLabeller labeller = new WindowsLabeller(machine, journals);
        WindowsLabeller.Applied applied = labeller.apply(plan(), "r");
        machine.writeLabel("C:\\ws", "S:(ML;OICI;NW;;;HI)");
        machine.with("C:\\ws\\.cordon\\kept.txt", Kind.FILE);
        assertEquals(List.of("placeholder `c:/ws/.cordon` is not empty; left in place",
                        "the label of `c:/ws` was changed by someone else; left as `S:(ML;OICI;NW;;;HI)`"),
                applied.close().stream().sorted().toList());
        assertEquals(1, WindowsLabelJournal.all(journals).size(), "the journal stays for a later repair");
        assertTrue(Files.readString(WindowsLabelJournal.all(journals).get(0)).startsWith(WindowsLabelJournal.HEADER + "\n"));
        assertFalse(machine.label("C:\\ws\\.git\\config").isEmpty());
    }
}
