package org.torneo.feed.core;

import static org.torneo.feed.core.FeedState.fields;
import static org.torneo.feed.core.FeedState.hallOf;
import static org.torneo.feed.core.FeedState.name;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.feed.core.FeedState.Game;
import org.torneo.feed.core.FeedState.Player;
import org.torneo.feed.core.FeedState.Round;
import org.torneo.feed.core.FeedState.Tournament;

/**
 * What the tournament stream tells the public: the event's frame, the players (registered, checked in, withdrawn, their
 * start numbers), each round's pairings (and their corrections), the broadcast delay, the rounds closed.
 */
final class TournamentFacts {

    private final FeedState s;
    private final GameFacts gameFacts;

    TournamentFacts(FeedState s, GameFacts gameFacts) {
        this.s = s;
        this.gameFacts = gameFacts;
    }

    void onTournament(TournamentEvent event) {
        Tournament t = s.tournament(event.tournamentId());
        switch (event) {
            case TournamentEvent.TournamentCreated e -> {
                t.name = e.name();
                t.system = String.valueOf(e.system());
                t.rounds = e.rounds();
                t.halls.clear();
                t.halls.addAll(e.halls());
                t.tieBreaks = e.tieBreaks();
                s.publish(t, "tournament", 0, null, 0, fields("name", e.name(), "rounds", e.rounds(),
                        "system", t.system));
            }
            case TournamentEvent.PlayerRegistered e -> {
                Player p = s.player(t, e.playerId());
                p.name = e.name();
                p.rating = e.rating();
                p.title = e.title();
                p.federation = e.federation();
                s.publish(t, "player", 0, null, 0, fields("playerId", e.playerId(), "name", e.name(),
                        "rating", e.rating(), "title", e.title(), "federation", e.federation()));
            }
            case TournamentEvent.PlayerWithdrew e -> {
                s.player(t, e.playerId()).withdrawn = true;
                s.publish(t, "player", 0, null, 0, fields("playerId", e.playerId(), "withdrawn", true));
            }
            case TournamentEvent.PlayerCheckedIn e -> {
                s.player(t, e.playerId()).checkedIn = true;
                s.publish(t, "player", 0, null, 0, fields("playerId", e.playerId(), "checkedIn", true));
            }
            case TournamentEvent.CheckInCancelled e -> {
                s.player(t, e.playerId()).checkedIn = false;
                s.publish(t, "player", 0, null, 0, fields("playerId", e.playerId(), "checkedIn", false));
            }
            case TournamentEvent.PairingNumbersAssigned e ->
                    e.numbers().forEach((id, number) -> s.player(t, id).startNumber = number);
            case TournamentEvent.RoundPaired e -> pairings(t, e.round(), e.boards(), e.byes(), null);
            case TournamentEvent.PairingCorrected e -> pairings(t, e.round(), e.boards(), e.byes(), e.reason());
            case TournamentEvent.BroadcastDelaySet e -> {
                boolean wasAfterGame = t.delayMode == BroadcastDelayMode.AFTER_GAME;
                t.delayMode = e.mode();
                t.delayMillis = e.mode() == BroadcastDelayMode.FIXED ? e.seconds() * 1000L : 0;
                if (!s.silent) {
                    s.knownDelay(t, e.mode(), e.seconds()); // after the stored positions: newer than the store's
                }
                if (wasAfterGame && e.mode() != BroadcastDelayMode.AFTER_GAME) {
                    // what the after-the-game mode held is logged now, and the new mode (a fixed delay) gates it
                    for (Game g : s.games.values()) {
                        if (t.id.equals(g.tournamentId)) {
                            gameFacts.flushHeld(t, g);
                        }
                    }
                }
                s.publish(t, "broadcastDelay", 0, null, 0, fields("mode", e.mode().name(), "seconds", e.seconds()));
            }
            case TournamentEvent.RoundClosed e -> {
                t.roundMap.computeIfAbsent(e.round(), Round::new).closed = true;
                s.publish(t, "roundClosed", e.round(), null, 0, fields("round", e.round()));
            }
            default -> s.skipped++;
        }
    }

    private void pairings(Tournament t, int round, List<Board> boards, List<Bye> byes, String correction) {
        Round r = t.roundMap.computeIfAbsent(round, Round::new);
        r.boards = boards;
        r.byes = byes;
        r.paired = true;
        List<Map<String, Object>> list = new ArrayList<>();
        for (Board b : boards) {
            list.add(fields("board", b.number(), "hall", hallOf(t, b), "white", b.white(), "black", b.black()));
        }
        s.publish(t, "pairings", round, null, 0, fields("round", round, "boards", list, "byes",
                byes.stream().map(b -> fields("playerId", b.playerId(), "kind", String.valueOf(b.kind()),
                        "points", b.points().toString())).toList(), "correction", correction));
        // the facts of the round's games whose end was read before their start and this pairing have a hall now
        for (Game g : s.games.values()) {
            if (!g.unrouted.isEmpty() && g.round == round && t.id.equals(g.tournamentId)) {
                gameFacts.routeUnrouted(g);
            }
        }
    }
}
