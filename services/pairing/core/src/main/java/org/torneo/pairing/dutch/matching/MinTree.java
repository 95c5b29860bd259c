package org.torneo.pairing.dutch.matching;

import java.util.Arrays;

/**
 * The least of a set of multi-limb keys indexed 0 .. size − 1, ties to the lowest index: a tournament tree (each
 * inner node holds the index of its subtree's least key), so that the matcher's dual step finds its least slack
 * without a pass over every vertex (issue 24). Changing or removing a key costs one comparison per level.
 */
final class MinTree {

    private final int limbs;
    private final int leaves;        // a power of two ≥ size
    private final int[] node;        // 1-based heap order: node[1] is the root; leaf i at leaves + i; -1 none
    private final long[] keys;       // key of index i at i * limbs

    MinTree(int size, int limbs) {
        this.limbs = limbs;
        int p = 1;
        while (p < size) {
            p <<= 1;
        }
        this.leaves = p;
        this.node = new int[2 * p];
        Arrays.fill(node, -1);
        this.keys = new long[size * limbs];
    }

    /** Empties the set. */
    void clear() {
        Arrays.fill(node, -1);
    }

    /** The index of the least key (the lowest such index), or -1 when the set is empty. */
    int min() {
        return node[1];
    }

    /** Where index i's key is stored in {@link #keys()} (limbs from there). */
    int offset(int i) {
        return i * limbs;
    }

    long[] keys() {
        return keys;
    }

    /** Puts index i in the set with the key at {@code src[from ..]} (or changes its key). */
    void set(int i, long[] src, int from) {
        System.arraycopy(src, from, keys, i * limbs, limbs);
        int at = leaves + i;
        node[at] = i;
        update(at >> 1);
    }

    /** Takes index i out of the set (nothing when it is not in). */
    void remove(int i) {
        int at = leaves + i;
        if (node[at] == -1) {
            return;
        }
        node[at] = -1;
        update(at >> 1);
    }

    private void update(int at) {
        int[] nd = node;
        long[] k = keys;
        int l = limbs;
        while (at >= 1) {
            int a = nd[2 * at];
            int b = nd[2 * at + 1];
            int best;
            if (a == -1) {
                best = b;
            } else if (b == -1) {
                best = a;
            } else {
                best = Wide.compare(k, b * l, k, a * l, l) < 0 ? b : a;
            }
            nd[at] = best;
            at >>= 1;
        }
    }
}
