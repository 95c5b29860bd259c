package org.torneo.pairing.dutch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A complete pairing of a set of players that can nearly all meet one another (one player left over when the
 * set is odd), found greedily and repaired by letting two leftover players take the place of one pair. A
 * certificate only: when it fails nothing is concluded and the caller solves the general problem.
 */
final class SimplePairing {
    interface CanMeet {
        boolean test(int a, int b);
    }

    private int[] pairs;          // consecutive vertices
    private int count;
    final int exposed;            // the vertex left over, or -1
    private boolean[] used;

    private SimplePairing(int[] pairs, int count, int exposed) {
        this.pairs = pairs;
        this.count = count;
        this.exposed = exposed;
        this.used = new boolean[count];
    }

    /** A pairing of the vertices (at most one left over), or null when the simple method fails. */
    static SimplePairing of(int[] vertices, CanMeet canMeet) {
        int m = vertices.length;
        int[] mate = new int[m];
        Arrays.fill(mate, -1);
        List<Integer> exposed = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            if (mate[i] != -1) {
                continue;
            }
            for (int j = i + 1; j < m; j++) {
                if (mate[j] == -1 && canMeet.test(vertices[i], vertices[j])) {
                    mate[i] = j;
                    mate[j] = i;
                    break;
                }
            }
            if (mate[i] == -1) {
                exposed.add(vertices[i]);
            }
        }
        int[] pairs = new int[m + 2];
        int count = 0;
        for (int i = 0; i < m; i++) {
            if (mate[i] > i) {
                pairs[2 * count] = vertices[i];
                pairs[2 * count + 1] = vertices[mate[i]];
                count++;
            }
        }
        SimplePairing p = new SimplePairing(pairs, count, -1);
        while (exposed.size() > 1) {
            int e1 = exposed.remove(exposed.size() - 1);
            int e2 = exposed.remove(exposed.size() - 1);
            if (canMeet.test(e1, e2)) {
                p.add(e1, e2);
            } else if (!p.takePlace(e1, e2, canMeet, true)) {
                return null;
            }
        }
        SimplePairing result = new SimplePairing(p.pairs, p.count, exposed.isEmpty() ? -1 : exposed.get(0));
        return result;
    }

    /** The pairs, each as {a, b}. */
    List<int[]> pairs() {
        List<int[]> list = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            list.add(new int[] {pairs[2 * k], pairs[2 * k + 1]});
        }
        return list;
    }

    private void add(int a, int b) {
        if (2 * count + 2 > pairs.length) {
            pairs = Arrays.copyOf(pairs, pairs.length * 2 + 2);
        }
        pairs[2 * count] = a;
        pairs[2 * count + 1] = b;
        count++;
        used = Arrays.copyOf(used, count);
    }

    /**
     * Finds an unused pair (l1, l2) with x1 able to meet one and x2 the other; with {@code rewrite} the
     * pairing takes (x1, l1) and (l2, x2) instead, otherwise the pair is marked used.
     */
    private boolean takePlace(int x1, int x2, CanMeet canMeet, boolean rewrite) {
        for (int k = 0; k < count; k++) {
            if (used[k]) {
                continue;
            }
            int l1 = pairs[2 * k];
            int l2 = pairs[2 * k + 1];
            boolean straight = canMeet.test(x1, l1) && canMeet.test(x2, l2);
            if (!straight && !(canMeet.test(x1, l2) && canMeet.test(x2, l1))) {
                continue;
            }
            if (rewrite) {
                pairs[2 * k] = x1;
                pairs[2 * k + 1] = straight ? l1 : l2;
                add(straight ? l2 : l1, x2);
            } else {
                used[k] = true;
            }
            return true;
        }
        return false;
    }

    /** Can the pairing, changed as above, also take in these outside vertices? */
    boolean absorbs(List<Integer> outsiders, CanMeet canMeet) {
        Arrays.fill(used, false);
        int k = 0;
        if (exposed != -1) {
            if (outsiders.isEmpty()) {
                return false;
            }
            int x = outsiders.get(0);
            k = 1;
            if (!canMeet.test(x, exposed) && !takePlace(x, exposed, canMeet, false)) {
                return false;
            }
        }
        if (((outsiders.size() - k) & 1) != 0) {
            return false;
        }
        for (; k < outsiders.size(); k += 2) {
            if (!takePlace(outsiders.get(k), outsiders.get(k + 1), canMeet, false)) {
                return false;
            }
        }
        return true;
    }
}
