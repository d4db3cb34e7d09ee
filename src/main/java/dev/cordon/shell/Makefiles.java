package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * The shell commands of a makefile the line gives ({@code make -f -}, {@code --eval}): every
 * recipe line (a line starting with a tab), without its {@code @}, {@code -} or {@code +}
 * prefix, and each {@code $(shell …)}; {@code $$} is the shell's {@code $}.
 */
final class Makefiles {

    private Makefiles() {
    }

    static List<String> commands(String makefile) {
        List<String> out = new ArrayList<>();
        for (String line : makefile.split("\n", -1)) {
            if (line.startsWith("\t")) {
                String recipe = line.substring(1).strip();
                while (!recipe.isEmpty() && "@-+".indexOf(recipe.charAt(0)) >= 0) {
                    recipe = recipe.substring(1);
                }
                if (!recipe.isEmpty()) {
                    out.add(recipe.replace("$$", "$"));
                }
            } else {
                int semicolon = line.indexOf(';');
                int colon = line.indexOf(':');
                if (colon > 0 && semicolon > colon) {
                    out.add(line.substring(semicolon + 1).strip().replace("$$", "$"));
                }
            }
            int at = 0;
            while ((at = line.indexOf("$(shell ", at)) >= 0) {
                int close = line.indexOf(')', at);
                out.add(line.substring(at + 8, close < 0 ? line.length() : close).replace("$$", "$"));
                at += 8;
            }
        }
        return out;
    }
}
