package org.torneo.console;

import org.torneo.contracts.Side;

/**
 * A scoresheet alert (FIDE 2018 8.1.1: the two sheets disagree on a move, or a sheet holds a line that is no legal
 * move) in the user's words, from its structure: the move number, whose move or sheet, each sheet's line, the move
 * both sheets agree on once corrected. An alert recorded before its structure was (scoresheet.SheetAlertRaised
 * version 1) is shown in the words it was recorded in. Why a line is no legal move is the notation reader's own
 * sentence (it gives no code to say it otherwise), quoted as it stands.
 */
final class SheetAlertText {

    /** An alert as a page lists it: the move number, the kind (a Words key), the detail in words, lifted or not. */
    record Shown(int moveNumber, String kind, String text, boolean lifted) {
    }

    private SheetAlertText() {
    }

    static Shown shown(Words words, SheetLog.Alert alert) {
        return new Shown(alert.moveNumber(), alert.kind(), describe(words, alert), alert.lifted());
    }

    /** The alert's detail, e.g. "jugada 5 (negras): planilla de las blancas Bb4, planilla de las negras Bc5". */
    static String describe(Words words, SheetLog.Alert alert) {
        String what = alert.text();
        if (alert.structured() && alert.kind().equals("discrepancy")) {
            // FIDE 2018 8.1.1: both sheets record the same game; the mover of an odd ply is White
            what = String.format(words.get("alertDiscrepancy"), alert.moveNumber(),
                    words.get(alert.ply() % 2 == 1 ? "moverWHITE" : "moverBLACK"), alert.onWhiteSheet(),
                    alert.onBlackSheet());
        } else if (alert.structured() && alert.kind().equals("illegal") && alert.sheet() != null) {
            // FIDE 2018 8.1.1: a line that is no legal move is no record of the game
            what = String.format(words.get("alertIllegal"), alert.moveNumber(),
                    words.get("sheetOf" + alert.sheet().name()),
                    alert.sheet() == Side.WHITE ? alert.onWhiteSheet() : alert.onBlackSheet(),
                    alert.problem() == null ? "" : alert.problem());
        }
        return alert.corrected() == null ? what : what + String.format(words.get("alertCorrected"), alert.corrected());
    }
}
