package dev.cordon.executor.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cordon.executor.windows.WindowsHostFiles.Kind;
import dev.cordon.spi.Confinement;
import dev.cordon.spi.ExecRequest;
import dev.cordon.spi.ExecutorException;
import dev.cordon.spi.Limits;
import dev.cordon.spi.NetworkPolicy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WindowsLabelPlanTest {

    private static final String WS = "C:\\Users\\me\\it's my proj";

    private static FakeMachine machine() {
        return new FakeMachine().with(WS, Kind.DIRECTORY).with(WS + "\\.git", Kind.DIRECTORY)
                .with(WS + "\\.git\\hooks", Kind.DIRECTORY).with(WS + "\\.git\\config", Kind.FILE)
                .with(WS + "\\build", Kind.DIRECTORY).with("C:\\Users\\me\\AppData\\Local\\Temp\\cordon", Kind.DIRECTORY)
                .with("C:\\Users\\me\\notes.txt", Kind.FILE);
    }

    private static Confinement confinement() {
        return new Confinement(Path.of(WS), List.of(Path.of("C:\\Windows"), Path.of("C:\\Users\\me")),
                List.of(Path.of(WS), Path.of(WS + "\\build"), Path.of("c:/users/me/AppData/Local/Temp/cordon"),
                        Path.of("C:\\Users\\me\\notes.txt"), Path.of("D:\\missing")),
                List.of(Path.of(WS + "\\.git\\hooks"), Path.of(WS + "\\.git\\config"), Path.of(WS + "\\.cordon"),
                        Path.of(WS + "\\.vscode\\settings.json"), Path.of("C:\\Users\\me\\.bashrc")),
                List.of(Path.of("C:\\Users\\me\\.ssh")), NetworkPolicy.NONE, new Limits(0, 0, 0, 1 << 20));
    }

    @Test
    void writeRootsGoLowAndReadOnlyPathsInsideThemMediumShallowBeforeDeep() throws Exception {
        WindowsLabelPlan plan = WindowsLabelPlan.of(confinement(), machine());
        assertEquals(List.of("c:/Users/me/it's my proj/.cordon", "c:/Users/me/it's my proj/.vscode"), plan.placeholders());
        assertEquals(List.of(
                        "C:\\Users\\me\\it's my proj S:(ML;OICI;NW;;;LW)",
                        "C:\\Users\\me\\notes.txt S:(ML;;NW;;;LW)",
                        "C:\\Users\\me\\it's my proj\\.cordon S:(ML;OICI;NW;;;ME)",
                        "C:\\Users\\me\\it's my proj\\.vscode S:(ML;OICI;NW;;;ME)",
                        "C:\\Users\\me\\it's my proj\\.git\\hooks S:(ML;OICI;NW;;;ME)",
                        "C:\\Users\\me\\it's my proj\\.git\\config S:(ML;;NW;;;ME)",
                        "C:\\users\\me\\AppData\\Local\\Temp\\cordon S:(ML;OICI;NW;;;LW)"),
                plan.labels().stream().map(l -> WindowsPaths.nativeForm(l.path()) + " " + l.sddl()).toList());
    }

    @Test
    void eachLabelHasItsIcaclsTwinForRepairByHand() {
        assertEquals(List.of("icacls", "C:\\Users\\me\\my proj", "/setintegritylevel", "(OI)(CI)Low"),
                new WindowsLabel("c:/Users/me/my proj", WindowsIntegrity.LOW, WindowsLabel.Inheritance.CONTAINERS_AND_OBJECTS).icacls());
        assertEquals(List.of("icacls", "C:\\w\\.git\\config", "/setintegritylevel", "Medium"),
                new WindowsLabel("c:/w/.git/config", WindowsIntegrity.MEDIUM, WindowsLabel.Inheritance.NONE).icacls());
    }

    @Test
    void theWholePlanOfARequest() throws Exception {
        ExecRequest request = new ExecRequest("r1", List.of("cmd.exe", "/c", "dir"), Path.of(WS), Map.of(), confinement(),
                Duration.ofSeconds(10), 1024);
        assertEquals(List.of(
                        "job: LimitFlags=0x2400", "job: PerProcessUserTimeLimit=0", "job: ActiveProcessLimit=0",
                        "job: ProcessMemoryLimit=0", "job: JobMemoryLimit=0", "job: UIRestrictionsClass=0xff",
                        "token: IntegrityLevel=S-1-16-4096", "token: CreateRestrictedToken.Flags=DISABLE_MAX_PRIVILEGE",
                        "token: DenyOnlySids=S-1-5-32-544,S-1-5-114",
                        "placeholder: C:\\Users\\me\\it's my proj\\.cordon",
                        "placeholder: C:\\Users\\me\\it's my proj\\.vscode",
                        "label: C:\\Users\\me\\it's my proj S:(ML;OICI;NW;;;LW)",
                        "label: C:\\Users\\me\\notes.txt S:(ML;;NW;;;LW)",
                        "label: C:\\Users\\me\\it's my proj\\.cordon S:(ML;OICI;NW;;;ME)",
                        "label: C:\\Users\\me\\it's my proj\\.vscode S:(ML;OICI;NW;;;ME)",
                        "label: C:\\Users\\me\\it's my proj\\.git\\hooks S:(ML;OICI;NW;;;ME)",
                        "label: C:\\Users\\me\\it's my proj\\.git\\config S:(ML;;NW;;;ME)",
                        "label: C:\\users\\me\\AppData\\Local\\Temp\\cordon S:(ML;OICI;NW;;;LW)",
                        "note: windows executor: file size limit not enforced (a job object has none)",
                        "note: windows executor: hidden paths stay readable (Low integrity limits writes, not reads)",
                        "note: windows executor: network policy none not enforced"),
                WindowsPlan.of(request, machine()).describe());
    }

    @Test
    void aPathThatIsNotAWindowsPathIsRefused() {
        Confinement confinement = new Confinement(Path.of("/w"), List.of(), List.of(Path.of("/w")), List.of(), List.of(),
                NetworkPolicy.NONE, Limits.NONE);
        ExecutorException error = assertThrows(ExecutorException.class, () -> WindowsLabelPlan.of(confinement, machine()));
        assertEquals("`/w` is not an absolute Windows path", error.getMessage());
    }
}
