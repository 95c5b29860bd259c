package org.torneo.game.core.game;

import java.time.Instant;
import java.util.List;

import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Side;
import org.torneo.contracts.game.ClaimEvent.DrawAgreed;
import org.torneo.contracts.game.ClaimEvent.DrawOfferDeclined;
import org.torneo.contracts.game.ClaimEvent.DrawOffered;
import org.torneo.contracts.game.DeclineMode;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.GameCommand.AcceptDraw;
import org.torneo.contracts.game.GameCommand.DeclineDraw;
import org.torneo.contracts.game.GameCommand.OfferDraw;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;

import static org.torneo.game.core.game.Verdicts.bothMoved;
import static org.torneo.game.core.game.Verdicts.ended;
import static org.torneo.game.core.game.Verdicts.reject;
import static org.torneo.game.core.game.Verdicts.wrongPlayer;

/** Draw offers: offering, accepting (a draw by agreement) and declining (FIDE 2018 9.1, 9.1.2). */
final class DrawOfferDecisions {

    DrawOfferDecisions() {
    }

    List<EventMessage> offerDraw(GameRequest request, OfferDraw offer, GameState state) {
        Side by = offer.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(offer, wrong + " offering a draw", "");
        }
        String forbidden = offersForbidden(state);
        if (forbidden != null) {
            return reject(offer, forbidden, "FIDE 2018 9.1.1");
        }
        if (state.offerBy() == by) {
            return reject(offer, "a draw offer of this player is already pending (offers cannot be withdrawn or "
                    + "repeated)", state.rules().offerArticle());
        }
        if (state.offerBy() == by.opponent()) {
            return agree(request, offer, state);
        }
        // FIDE 2018 9.1.2.1: between making a move and pressing the clock; otherwise valid but noted (11.5)
        boolean properTime = state.ply() > 0 && state.moverOf(state.ply()) == by && !state.lastMoveCompleted();
        return List.of(new DrawOffered(by, state.ply(), properTime, false, offer.observedAt()));
    }

    private String offersForbidden(GameState state) {
        int from = state.regulations().drawOffersFromMove();
        int moveNumber = state.position().fullmoveNumber();
        if (from > 0 && moveNumber < from) {
            return "the event's regulations allow no draw offers or agreements before move " + from
                    + " (this is move " + moveNumber + ")";
        }
        return null;
    }

    List<EventMessage> acceptDraw(GameRequest request, AcceptDraw accept, GameState state) {
        Side by = accept.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(accept, wrong + " accepting a draw", "");
        }
        if (state.offerBy() != by.opponent()) {
            return reject(accept, "there is no pending draw offer from the opponent", state.rules().offerArticle());
        }
        String forbidden = offersForbidden(state);
        if (forbidden != null) {
            return reject(accept, forbidden, "FIDE 2018 9.1.1");
        }
        return agree(request, accept, state);
    }

    private List<EventMessage> agree(GameRequest request, GameCommand command, GameState state) {
        EditionRules rules = state.rules();
        Instant at = command.observedAt();
        if (rules.agreementNeedsBothMoved() && (state.movesMadeBy(Side.WHITE) < 1 || state.movesMadeBy(Side.BLACK) < 1)) {
            return reject(command, "a draw may be agreed only after both players have made "
                    + "at least one move", "FIDE 2018 5.2.3");
        }
        return List.of(new DrawAgreed(state.ply(), at),
                ended(request, state, GameResult.DRAW, EndReason.AGREEMENT, rules.agreementArticle(), bothMoved(state), at));
    }

    List<EventMessage> declineDraw(GameRequest request, DeclineDraw decline, GameState state) {
        Side by = decline.by();
        String wrong = wrongPlayer(request, state, by);
        if (wrong != null) {
            return reject(decline, wrong + " declining a draw", "");
        }
        if (state.offerBy() != by.opponent()) {
            return reject(decline, "there is no pending draw offer from the opponent", state.rules().offerArticle());
        }
        return List.of(new DrawOfferDeclined(by, DeclineMode.ORALLY, decline.observedAt()));
    }
}
