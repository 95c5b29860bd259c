package org.torneo.contracts.game;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Code 1970 art. XII-4: "El número de 50 jugadas puede ser aumentado en algunas posiciones a condición de que tanto el
 * número de jugadas como la posición específica hayan sido claramente establecidos antes del comienzo de la
 * competencia." One such position, given by its material, and the number of moves that replaces 50 for it.
 *
 * @param material the pieces of both sides, kings included, the two sides apart by "v", in either order: e.g.
 *                 "KRB v KR", "KNN v KP" (letters K Q R B N P; spaces ignored)
 * @param moves    the moves each player must make without a capture or a pawn move, more than 50
 */
public record FiftyMoveExtension(String material, int moves) {

    private static final Pattern MATERIAL = Pattern.compile("K[QRBNP]*vK[QRBNP]*");

    public FiftyMoveExtension {
        Objects.requireNonNull(material, "material");
        String compact = material.replace(" ", "").toUpperCase(java.util.Locale.ROOT).replace('V', 'v');
        if (!MATERIAL.matcher(compact).matches()) {
            throw new IllegalArgumentException("material '" + material + "': the pieces of both sides apart by v, "
                    + "each starting with its king, e.g. KRB v KR");
        }
        if (moves <= 50) {
            throw new IllegalArgumentException("moves must be more than 50 (it raises the number of 50), got " + moves);
        }
        material = compact;
    }

    /** A valid sample (documentation, and the codec's round-trip tests): K+R+B v K+R raised to 100 moves. */
    public static FiftyMoveExtension example() {
        return new FiftyMoveExtension("KRB v KR", 100);
    }

    /** Whether a side's pieces (e.g. "KRB") and the other's ("KR") are this material, in either order. */
    public boolean matches(String oneSide, String otherSide) {
        String[] sides = material.split("v");
        return sorted(sides[0]).equals(sorted(oneSide)) && sorted(sides[1]).equals(sorted(otherSide))
                || sorted(sides[0]).equals(sorted(otherSide)) && sorted(sides[1]).equals(sorted(oneSide));
    }

    private static String sorted(String pieces) {
        char[] c = pieces.toUpperCase(java.util.Locale.ROOT).toCharArray();
        java.util.Arrays.sort(c);
        return new String(c);
    }
}
