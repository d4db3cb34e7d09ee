package dev.cordon.executor.windows;

import dev.cordon.spi.Limits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Job Object every command runs in: {@code JOBOBJECT_EXTENDED_LIMIT_INFORMATION} and {@code
 * JOBOBJECT_BASIC_UI_RESTRICTIONS}. Closing the job kills every process in it, so the tree ends
 * with the run whatever it did; a crash ends the process instead of waiting on an error dialog;
 * the UI of other programs is out of reach. The limits of the request map to the job's where
 * Windows has one; a file-size limit has no job counterpart and is reported as not enforced.
 *
 * @param limitFlags {@code LimitFlags}
 * @param perProcessUserTimeTicks {@code PerProcessUserTimeLimit}, in 100-nanosecond ticks
 * @param activeProcessLimit {@code ActiveProcessLimit}
 * @param processMemoryLimit {@code ProcessMemoryLimit}, bytes
 * @param jobMemoryLimit {@code JobMemoryLimit}, bytes
 * @param uiRestrictions {@code UIRestrictionsClass}
 */
record WindowsJobLimits(int limitFlags, long perProcessUserTimeTicks, int activeProcessLimit, long processMemoryLimit,
        long jobMemoryLimit, int uiRestrictions) {

    static final int LIMIT_PROCESS_TIME = 0x2;
    static final int LIMIT_ACTIVE_PROCESS = 0x8;
    static final int LIMIT_PROCESS_MEMORY = 0x100;
    static final int LIMIT_JOB_MEMORY = 0x200;
    static final int LIMIT_DIE_ON_UNHANDLED_EXCEPTION = 0x400;
    static final int LIMIT_KILL_ON_JOB_CLOSE = 0x2000;

    static final int UILIMIT_HANDLES = 0x1;
    static final int UILIMIT_READCLIPBOARD = 0x2;
    static final int UILIMIT_WRITECLIPBOARD = 0x4;
    static final int UILIMIT_SYSTEMPARAMETERS = 0x8;
    static final int UILIMIT_DISPLAYSETTINGS = 0x10;
    static final int UILIMIT_GLOBALATOMS = 0x20;
    static final int UILIMIT_DESKTOP = 0x40;
    static final int UILIMIT_EXITWINDOWS = 0x80;
    static final int UILIMIT_ALL = 0xff;

    private static final long TICKS_PER_SECOND = 10_000_000L;

    static WindowsJobLimits of(Limits limits) {
        int flags = LIMIT_KILL_ON_JOB_CLOSE | LIMIT_DIE_ON_UNHANDLED_EXCEPTION;
        long ticks = 0;
        int processes = 0;
        long memory = 0;
        if (limits.cpuSeconds() > 0) {
            flags |= LIMIT_PROCESS_TIME;
            ticks = limits.cpuSeconds() * TICKS_PER_SECOND;
        }
        if (limits.maxProcesses() > 0) {
            flags |= LIMIT_ACTIVE_PROCESS;
            processes = limits.maxProcesses();
        }
        if (limits.memoryBytes() > 0) {
            // The whole tree, and each process within it, since one process may be all there is.
            flags |= LIMIT_JOB_MEMORY | LIMIT_PROCESS_MEMORY;
            memory = limits.memoryBytes();
        }
        return new WindowsJobLimits(flags, ticks, processes, memory, memory, UILIMIT_ALL);
    }

    /** What the limits of a request that this job cannot carry are, one note each. */
    static List<String> unenforced(Limits limits) {
        List<String> notes = new ArrayList<>();
        if (limits.fileSizeBytes() > 0) {
            notes.add("windows executor: file size limit not enforced (a job object has none)");
        }
        if (limits.maxProcesses() > 0) {
            notes.add("windows executor: the process limit counts processes, not threads");
        }
        if (limits.cpuSeconds() > 0) {
            notes.add("windows executor: the cpu limit counts user time only");
        }
        return notes;
    }

    /** The structure fields as set, one {@code Name=value} per line, for explanations and tests. */
    List<String> describe() {
        return List.of(
                String.format(Locale.ROOT, "LimitFlags=0x%04x", limitFlags),
                "PerProcessUserTimeLimit=" + perProcessUserTimeTicks,
                "ActiveProcessLimit=" + activeProcessLimit,
                "ProcessMemoryLimit=" + processMemoryLimit,
                "JobMemoryLimit=" + jobMemoryLimit,
                String.format(Locale.ROOT, "UIRestrictionsClass=0x%02x", uiRestrictions));
    }
}
