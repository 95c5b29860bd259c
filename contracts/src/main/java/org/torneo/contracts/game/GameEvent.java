package org.torneo.contracts.game;

import org.torneo.contracts.EventMessage;

/**
 * Events of the game aggregate on its own streams: {@link MoveEvent} on torneo.game.moves and
 * {@link ClaimEvent} on torneo.game.claims, both keyed by game id. The game aggregate also writes
 * org.torneo.contracts.results.ResultEvent (GameEnded) on torneo.results; all three share the
 * aggregate's sequence and hash chain (see org.torneo.contracts.Envelope).
 */
public sealed interface GameEvent extends EventMessage permits MoveEvent, ClaimEvent {
}
