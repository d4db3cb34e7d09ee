package dev.cordon.hook.settings;

import java.util.ArrayList;
import java.util.List;

/** The lines a change removes ({@code -}) and adds ({@code +}), with the unchanged ones around them. */
public final class LineDiff {

    /** Beyond this many lines a side, the whole new text is shown instead: settings files are small. */
    private static final int MAX_LINES = 3000;
    private static final int CONTEXT = 2;

    private LineDiff() {
    }

    public static List<String> of(String before, String after) {
        List<String> a = before == null || before.isEmpty() ? List.of() : List.of(before.split("\n", -1));
        List<String> b = after == null || after.isEmpty() ? List.of() : List.of(after.split("\n", -1));
        if (a.size() > MAX_LINES || b.size() > MAX_LINES) {
            return b.stream().map(line -> "+" + line).toList();
        }
        int[][] common = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                common[i][j] = a.get(i).equals(b.get(j)) ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<String> all = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
                all.add(" " + a.get(i++));
                j++;
            } else if (i < a.size() && (j == b.size() || common[i + 1][j] >= common[i][j + 1])) {
                all.add("-" + a.get(i++));
            } else {
                all.add("+" + b.get(j++));
            }
        }
        return near(all);
    }

    /** The changed lines and a little context; "…" where unchanged lines are left out. */
    private static List<String> near(List<String> all) {
        List<String> out = new ArrayList<>();
        boolean skipped = false;
        for (int k = 0; k < all.size(); k++) {
            boolean shown = false;
            for (int d = -CONTEXT; d <= CONTEXT && !shown; d++) {
                int n = k + d;
                shown = n >= 0 && n < all.size() && all.get(n).charAt(0) != ' ';
            }
            if (shown) {
                if (skipped) {
                    out.add(" …");
                    skipped = false;
                }
                out.add(all.get(k));
            } else {
                skipped = true;
            }
        }
        return out;
    }
}
