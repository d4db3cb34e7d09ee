package dev.cordon.hook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class PatchFilesTest {

    @Test
    void everyHunkHeaderAndMoveTargetIsAFile() {
        String patch = """
                *** Begin Patch
                *** Add File: docs/new.md
                +hello
                *** Update File: src/app.js
                *** Move to: src/main.js
                @@ function a
                -var a
                +let a
                *** Delete File: old.txt
                *** End Patch
                """;
        assertEquals(List.of("docs/new.md", "src/app.js", "src/main.js", "old.txt"), PatchFiles.of(patch));
    }

    @Test
    void markersPaddedWithSpacesAndAHeredocAreReadAsCodexReadsThem() {
        String patch = "<<\"EOF\"\n  *** Begin Patch \n *** Add File: a.txt\n+x\n *** End Patch\nEOF\n";
        assertEquals(List.of("a.txt"), PatchFiles.of(patch));
    }

    @Test
    void anAddedLineThatLooksLikeAHeaderIsContentNotAFile() {
        String patch = "*** Begin Patch\n*** Add File: a.txt\n+*** Delete File: b.txt\n*** End Patch";
        assertEquals(List.of("a.txt"), PatchFiles.of(patch));
    }

    @Test
    void whatIsNotAPatchIsRefused() {
        assertEquals("the apply_patch input is not a patch: its last line must be `*** End Patch`",
                assertThrows(BadEvent.class, () -> PatchFiles.of("*** Begin Patch\n*** Add File: a\n+x")).getMessage());
        assertEquals("the patch names no file",
                assertThrows(BadEvent.class, () -> PatchFiles.of("*** Begin Patch\n*** End Patch")).getMessage());
        assertEquals("the patch has `*** Add File:` without a path",
                assertThrows(BadEvent.class, () -> PatchFiles.of("*** Begin Patch\n*** Add File: \n*** End Patch"))
                        .getMessage());
    }
}
