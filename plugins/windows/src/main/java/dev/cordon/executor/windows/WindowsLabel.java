package dev.cordon.executor.windows;

import java.util.List;

/**
 * One mandatory-label change: set {@code path}'s integrity label to {@code level}, with
 * {@code no-write-up} as its policy. On a directory the label is inherited by what is inside
 * ({@code OICI}), so everything created there later carries it too.
 *
 * @param path canonical Windows path
 * @param level the label's level
 * @param inheritance whether objects and containers inside inherit it
 */
record WindowsLabel(String path, WindowsIntegrity level, Inheritance inheritance) {

    enum Inheritance {
        /** Files and directories inside inherit the label: for directories. */
        CONTAINERS_AND_OBJECTS,
        /** The object only: for files. */
        NONE
    }

    /** The label as the SACL that {@code SetNamedSecurityInfo(LABEL_SECURITY_INFORMATION)} gets. */
    String sddl() {
        String flags = inheritance == Inheritance.CONTAINERS_AND_OBJECTS ? "OICI" : "";
        return "S:(ML;" + flags + ";NW;;;" + level.sddl() + ")";
    }

    /** The same change with {@code icacls}, for a person repairing by hand. */
    List<String> icacls() {
        String flags = inheritance == Inheritance.CONTAINERS_AND_OBJECTS ? "(OI)(CI)" : "";
        return List.of("icacls", WindowsPaths.nativeForm(path), "/setintegritylevel", flags + level.icacls());
    }
}
