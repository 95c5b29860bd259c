package org.torneo.contracts.tournament;

import java.util.List;
import java.util.Objects;

/**
 * What a change by hand to a published round made worse than the FIDE Dutch system (C.04.3) wants, without breaking
 * an absolute criterion the pairing service refuses (C1, C2): recorded with the change, so the arbiter sees it and the
 * record shows that he was warned.
 *
 * @param criterion the C.04.3 article (2026 numbering: "C3", "5.2", "C12", "C6-C7", "C14" ...)
 * @param kind      what (the pairing core's RoundCheck.Kind name: SAME_COLOUR_THREE_TIMES, SCORE_DIFFERENCE ...)
 * @param board     the board of the round it is on
 * @param playerIds the players it names: the one concerned first (a pair: the higher-ranked first)
 * @param detail    briefly: the colours in a row ("WWW"), the colour difference ("+3"), the preferred colour ("WHITE";
 *                  for COLOURS_NOT_AS_ALLOCATED the colour the allocation gives the first player), the score difference
 *                  in points ("1.5"), the round of the earlier float ("3")
 */
public record PairingWarning(String criterion, String kind, int board, List<String> playerIds, String detail) {
    public PairingWarning {
        Objects.requireNonNull(criterion, "criterion");
        Objects.requireNonNull(kind, "kind");
        playerIds = List.copyOf(playerIds);
        detail = detail == null ? "" : detail;
    }
}
