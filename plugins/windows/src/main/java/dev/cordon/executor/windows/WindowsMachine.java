package dev.cordon.executor.windows;

import java.io.IOException;

/**
 * What the executor changes on a Windows machine around a run: placeholder directories and
 * integrity labels ({@code GetNamedSecurityInfoW} / {@code SetNamedSecurityInfoW} with {@code
 * LABEL_SECURITY_INFORMATION}). No implementation is part of this build: the calls need Win32
 * through JNA, which could not be run where this was written, and an untried security call is
 * worse than none. Tests drive the journal and undo logic through a hand-written stand-in.
 */
interface WindowsMachine extends WindowsHostFiles {

    /** Creates an empty directory; {@link java.nio.file.FileAlreadyExistsException} when something is there. */
    void createDirectory(String nativePath) throws IOException;

    /** Removes a directory if it is empty; false when it is not, and it then stays. */
    boolean deleteIfEmpty(String nativePath) throws IOException;

    /** The object's explicit mandatory label as SDDL ({@code S:(ML;OICI;NW;;;LW)}), or {@code ""} when it has none. */
    String readLabel(String nativePath) throws IOException;

    /** Sets the explicit mandatory label; {@code ""} removes it. */
    void writeLabel(String nativePath, String sddl) throws IOException;
}
