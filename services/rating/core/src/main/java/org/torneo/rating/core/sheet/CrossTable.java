package org.torneo.rating.core.sheet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.tournament.Scoring;
import org.torneo.rating.core.score.Colour;
import org.torneo.rating.core.score.Player;
import org.torneo.rating.core.score.PointSystem;
import org.torneo.rating.core.score.ResultKind;
import org.torneo.rating.core.score.RoundEntry;
import org.torneo.rating.core.score.ScoredEntries;
import org.torneo.rating.core.score.Tournament;

/** Turns a score sheet into the rating core's cross table (start numbers, rounds 1..n). */
public final class CrossTable {

    private CrossTable() {
    }

    /** The tournament's scoring in the core's hundredths (TRF26 162: W D L A F P, half-point byes). */
    public static PointSystem pointSystem(Scoring s) {
        return new PointSystem(RatingSheet.centi(s.win()), RatingSheet.centi(s.draw()), RatingSheet.centi(s.loss()),
                RatingSheet.centi(s.zeroPointBye()), RatingSheet.centi(s.forfeitLoss()),
                RatingSheet.centi(s.pairingBye()), RatingSheet.centi(s.forfeitWin()),
                RatingSheet.centi(s.pairingBye()), RatingSheet.centi(s.halfPointBye()));
    }

    /** The cross table after rounds 1..{@code throughRound}. */
    public static Tournament of(RatingSheet sheet, int throughRound) {
        Map<String, Integer> numbers = sheet.startNumbers();
        int n = sheet.entrants().size();
        PointSystem points = pointSystem(sheet.scoring());
        RoundEntry[][] grid = new RoundEntry[n][Math.max(throughRound, 0)];
        for (RoundEntry[] row : grid) {
            java.util.Arrays.fill(row, RoundEntry.NOT_PAIRED);
        }
        for (int r = 1; r <= throughRound; r++) {
            RatingSheet.Round round = sheet.round(r);
            for (SheetFact.ByeEntry bye : round.byes()) {
                Integer sn = numbers.get(bye.playerId());
                if (sn != null) {
                    grid[sn - 1][r - 1] = ScoredEntries.bye(bye.kind(), bye.halves(), points);
                }
            }
            for (SheetFact.GameScored game : round.games().values()) {
                Integer wn = numbers.get(game.white());
                Integer bn = numbers.get(game.black());
                if (wn == null || bn == null) {
                    continue; // a player whose registration has not arrived yet
                }
                int w = wn;
                int b = bn;
                ResultKind[] kinds = ScoredEntries.gameKinds(game.whiteHalves(), game.blackHalves(), game.forfeit(),
                        game.played());
                RoundEntry white = new RoundEntry(b, Colour.WHITE, kinds[0]);
                RoundEntry black = new RoundEntry(w, Colour.BLACK, kinds[1]);
                if (game.arbiterScores()) {
                    // FIDE 2018 12.9: the arbiter's scores replace the result's, in this event's point values
                    white = white.withArbiterPoints(game.whiteHalves() * points.win() / 2);
                    black = black.withArbiterPoints(game.blackHalves() * points.win() / 2);
                }
                grid[w - 1][r - 1] = white;
                grid[b - 1][r - 1] = black;
            }
        }
        List<Player> players = new ArrayList<>(n);
        SheetFact.PlayerEntered[] byNumber = new SheetFact.PlayerEntered[n];
        for (SheetFact.PlayerEntered e : sheet.entrants()) {
            byNumber[numbers.get(e.playerId()) - 1] = e;
        }
        for (int i = 0; i < n; i++) {
            players.add(new Player(i + 1, byNumber[i].name(), Math.max(byNumber[i].rating(), 0), List.of(grid[i])));
        }
        return new Tournament(sheet.frame().name(), Math.max(throughRound, 1), points, players);
    }
}
