package org.torneo.pairing.dutch.matching;

import java.math.BigInteger;

/**
 * Fixed-width unsigned integers stored as little-endian 64-bit limbs inside long arrays (value at
 * {@code array[offset .. offset + limbs)}). The matching weights encode up to a thousand criteria bits, so
 * they do not fit in a long, and BigInteger allocation dominated the run time.
 */
public final class Wide {

    private Wide() {
    }

    /** r = a + b. r may alias a or b. */
    public static void add(long[] r, int ro, long[] a, int ao, long[] b, int bo, int limbs) {
        long carry = 0;
        for (int i = 0; i < limbs; i++) {
            long x = a[ao + i];
            long s = x + b[bo + i] + carry;
            carry = (Long.compareUnsigned(s, x) < 0 || (carry == 1 && s == x)) ? 1 : 0;
            r[ro + i] = s;
        }
    }

    /** r = a - b (a ≥ b). r may alias a or b. */
    public static void sub(long[] r, int ro, long[] a, int ao, long[] b, int bo, int limbs) {
        subIfNotBelow(r, ro, a, ao, b, bo, limbs); // a ≥ b: the borrow out is always 0
    }

    /** r = a − b when a ≥ b (returns true); when a &lt; b returns false and r holds a − b modulo 2^(64 limbs). */
    public static boolean subIfNotBelow(long[] r, int ro, long[] a, int ao, long[] b, int bo, int limbs) {
        long borrow = 0;
        for (int i = 0; i < limbs; i++) {
            long x = a[ao + i];
            long y = b[bo + i];
            long d = x - y - borrow;
            borrow = (Long.compareUnsigned(x, y) < 0 || (borrow == 1 && x == y)) ? 1 : 0;
            r[ro + i] = d;
        }
        return borrow == 0;
    }

    /** out = a + b − c in one pass (the result must be non-negative); returns true when it is zero. */
    public static boolean addSub(long[] out, long[] a, int ao, long[] b, int bo, long[] c, int co, int limbs) {
        long carry = 0;
        long any = 0;
        for (int i = 0; i < limbs; i++) {
            long x = a[ao + i];
            long s = x + b[bo + i];
            long y = c[co + i];
            long k = Long.compareUnsigned(s, x) < 0 ? 1 : 0;
            long d = s - y;
            if (Long.compareUnsigned(s, y) < 0) {
                k--;
            }
            long e = d + carry;
            if (carry == 1 && e == 0) {
                k++;
            } else if (carry == -1 && d == 0) {
                k--;
            }
            out[i] = e;
            any |= e;
            carry = k;
        }
        return any == 0;
    }

    /** Is a + b = c? Decided at the lowest limb that differs, which is usually the first. */
    public static boolean sumEquals(long[] a, int ao, long[] b, int bo, long[] c, int co, int limbs) {
        long carry = 0;
        for (int i = 0; i < limbs; i++) {
            long x = a[ao + i];
            long s = x + b[bo + i];
            long t = s + carry;
            if (t != c[co + i]) {
                return false;
            }
            carry = (Long.compareUnsigned(s, x) < 0 ? 1 : 0) + (Long.compareUnsigned(t, s) < 0 ? 1 : 0);
        }
        return carry == 0;
    }

    public static int compare(long[] a, int ao, long[] b, int bo, int limbs) {
        for (int i = limbs - 1; i >= 0; i--) {
            int c = Long.compareUnsigned(a[ao + i], b[bo + i]);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    public static boolean isZero(long[] a, int ao, int limbs) {
        for (int i = 0; i < limbs; i++) {
            if (a[ao + i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** r = a >> 1. */
    public static void halve(long[] r, int ro, long[] a, int ao, int limbs) {
        for (int i = 0; i < limbs; i++) {
            long hi = i + 1 < limbs ? a[ao + i + 1] : 0;
            r[ro + i] = (a[ao + i] >>> 1) | (hi << 63);
        }
    }

    /** a += v · 2^bit for a small signed v (|v| < 2^62); the result must stay non-negative. */
    public static void addAt(long[] a, int ao, int limbs, int bit, long v) {
        if (v == 0) {
            return;
        }
        int limb = bit >>> 6;
        int shift = bit & 63;
        boolean negative = v < 0;
        long mag = Math.abs(v);
        long lo = mag << shift;
        long hi = shift == 0 ? 0 : mag >>> (64 - shift);
        long carry = 0;
        for (int i = limb; i < limbs; i++) {
            long y = i == limb ? lo : i == limb + 1 ? hi : 0;
            if (y == 0 && carry == 0) {
                if (i > limb + 1) {
                    break;
                }
                continue;
            }
            long x = a[ao + i];
            if (!negative) {
                long s = x + y + carry;
                carry = (Long.compareUnsigned(s, x) < 0 || (carry == 1 && s == x)) ? 1 : 0;
                a[ao + i] = s;
            } else {
                long d = x - y - carry;
                carry = (Long.compareUnsigned(x, y) < 0 || (carry == 1 && x == y)) ? 1 : 0;
                a[ao + i] = d;
            }
        }
    }

    public static long[] of(BigInteger v, int limbs) {
        long[] r = new long[limbs];
        for (int i = 0; i < limbs; i++) {
            r[i] = v.shiftRight(64 * i).longValue();
        }
        return r;
    }

    public static BigInteger toBigInteger(long[] a, int ao, int limbs) {
        BigInteger r = BigInteger.ZERO;
        for (int i = limbs - 1; i >= 0; i--) {
            r = r.shiftLeft(64).add(new BigInteger(Long.toUnsignedString(a[ao + i])));
        }
        return r;
    }

    /** Limbs needed for values of {@code bits} bits plus headroom for the matching's duals (×4). */
    public static int limbsFor(int bits) {
        return (bits + 4) / 64 + 1;
    }
}
