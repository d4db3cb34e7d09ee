package dev.cordon.executor.windows;

import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.NetworkPolicy;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything a run on Windows is set up with, generated from the request alone (and what exists
 * on disk): the job, the token, the labels, and what the request asks for that none of them
 * enforces.
 *
 * @param job the Job Object's limits
 * @param token the command's token
 * @param labels the integrity labels applied for the run and undone after it
 * @param notes what is asked for but not enforced, one line each
 */
record WindowsPlan(WindowsJobLimits job, WindowsToken token, WindowsLabelPlan labels, List<String> notes) {

    WindowsPlan {
        notes = List.copyOf(notes);
    }

    static WindowsPlan of(ExecRequest request, WindowsHostFiles files) throws ExecutorException {
        Confinement confinement = request.confinement();
        if (confinement == null) {
            throw new ExecutorException("windows needs a confinement to know which roots to label");
        }
        List<String> notes = new ArrayList<>(WindowsJobLimits.unenforced(confinement.limits()));
        if (!confinement.hiddenPaths().isEmpty()) {
            notes.add("windows executor: hidden paths stay readable (Low integrity limits writes, not reads)");
        }
        if (confinement.network().mode() != NetworkPolicy.Mode.FULL) {
            notes.add("windows executor: network policy " + confinement.network().mode().name().toLowerCase(java.util.Locale.ROOT)
                    + " not enforced");
        }
        return new WindowsPlan(WindowsJobLimits.of(confinement.limits()), WindowsToken.confined(),
                WindowsLabelPlan.of(confinement, files), notes);
    }

    /** The plan as text, one item per line, for explanations and tests. */
    List<String> describe() {
        List<String> lines = new ArrayList<>();
        job.describe().forEach(line -> lines.add("job: " + line));
        token.describe().forEach(line -> lines.add("token: " + line));
        labels.placeholders().forEach(path -> lines.add("placeholder: " + WindowsPaths.nativeForm(path)));
        for (WindowsLabel label : labels.labels()) {
            lines.add("label: " + WindowsPaths.nativeForm(label.path()) + " " + label.sddl());
        }
        notes.forEach(note -> lines.add("note: " + note));
        return lines;
    }
}
