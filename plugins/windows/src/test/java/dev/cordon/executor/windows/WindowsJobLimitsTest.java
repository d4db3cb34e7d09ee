package dev.cordon.executor.windows;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cordon.spi.Limits;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowsJobLimitsTest {

    @Test
    void withoutLimitsTheJobStillKillsItsTreeOnCloseAndLocksTheUi() {
        assertEquals(List.of("LimitFlags=0x2400", "PerProcessUserTimeLimit=0", "ActiveProcessLimit=0", "ProcessMemoryLimit=0",
                "JobMemoryLimit=0", "UIRestrictionsClass=0xff"), WindowsJobLimits.of(Limits.NONE).describe());
        assertEquals(List.of(), WindowsJobLimits.unenforced(Limits.NONE));
    }

    @Test
    void eachLimitSetsItsFlagAndValue() {
        WindowsJobLimits job = WindowsJobLimits.of(new Limits(64, 512L << 20, 30, 0));
        assertEquals(List.of("LimitFlags=0x270a", "PerProcessUserTimeLimit=300000000", "ActiveProcessLimit=64",
                "ProcessMemoryLimit=536870912", "JobMemoryLimit=536870912", "UIRestrictionsClass=0xff"), job.describe());
        assertEquals(WindowsJobLimits.LIMIT_KILL_ON_JOB_CLOSE | WindowsJobLimits.LIMIT_DIE_ON_UNHANDLED_EXCEPTION
                | WindowsJobLimits.LIMIT_PROCESS_TIME | WindowsJobLimits.LIMIT_ACTIVE_PROCESS | WindowsJobLimits.LIMIT_JOB_MEMORY
                | WindowsJobLimits.LIMIT_PROCESS_MEMORY, job.limitFlags());
        assertEquals(WindowsJobLimits.UILIMIT_HANDLES | WindowsJobLimits.UILIMIT_READCLIPBOARD | WindowsJobLimits.UILIMIT_WRITECLIPBOARD
                | WindowsJobLimits.UILIMIT_SYSTEMPARAMETERS | WindowsJobLimits.UILIMIT_DISPLAYSETTINGS | WindowsJobLimits.UILIMIT_GLOBALATOMS
                | WindowsJobLimits.UILIMIT_DESKTOP | WindowsJobLimits.UILIMIT_EXITWINDOWS, job.uiRestrictions());
    }

    @Test
    void whatAJobCannotCarryIsSaid() {
        assertEquals(List.of("windows executor: file size limit not enforced (a job object has none)",
                        "windows executor: the process limit counts processes, not threads",
                        "windows executor: the cpu limit counts user time only"),
                WindowsJobLimits.unenforced(new Limits(8, 0, 5, 1024)));
    }

    @Test
    void theTokenIsRestrictedAndLow() {
        assertEquals(List.of("IntegrityLevel=S-1-16-4096", "CreateRestrictedToken.Flags=DISABLE_MAX_PRIVILEGE",
                "DenyOnlySids=S-1-5-32-544,S-1-5-114"), WindowsToken.confined().describe());
    }
}
