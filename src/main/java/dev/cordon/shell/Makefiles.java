package dev.cordon.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * The shell commands of a makefile the line gives ({@code make -f -}, {@code --eval}): every
 * recipe line (a line starting with a tab), without its {@code @}, {@code -} or {@code +}
 * prefix, and each {@code $(shell …)}. Make expands its own variables first: {@code $$} is the
 * shell's {@code $}, and {@code $(X)}, {@code ${X}}, {@code $@} stand for a word make gives.
 */
final class Makefiles {

    private Makefiles() {
    }

    /** A recipe as make hands it to the shell: its own variables become a plain word. */
    private static String expand(String recipe) {
        StringBuilder out = new StringBuilder(recipe.length());
        for (int i = 0; i < recipe.length(); i++) {
            char c = recipe.charAt(i);
            if (c != '$' || i + 1 >= recipe.length()) {
                out.append(c);
                continue;
            }
            char next = recipe.charAt(i + 1);
            if (next == '$') {
                out.append('$');
                i++;
            } else if (next == '(' || next == '{') {
                int close = recipe.indexOf(next == '(' ? ')' : '}', i);
                out.append("MAKEVAR");
                i = close < 0 ? recipe.length() : close;
            } else {
                out.append("MAKEVAR");
                i++;
            }
        }
        return out.toString();
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
                    out.add(expand(recipe));
                }
            } else {
                int semicolon = line.indexOf(';');
                int colon = line.indexOf(':');
                if (colon > 0 && semicolon > colon) {
                    out.add(expand(line.substring(semicolon + 1).strip()));
                }
            }
            int at = 0;
            while ((at = line.indexOf("$(shell ", at)) >= 0) {
                int close = line.indexOf(')', at);
                out.add(expand(line.substring(at + 8, close < 0 ? line.length() : close)));
                at += 8;
            }
        }
        return out;
    }
}
