package org.torneo.game.core.notation;

import org.torneo.game.core.board.Move;

/** Result of reading one written move: the legal move it denotes, or why it does not denote exactly one. */
public sealed interface ParsedMove permits ParsedMove.Ok, ParsedMove.Error {

    boolean isOk();

    /** The move. @throws IllegalStateException with the error message on an {@link Error} */
    Move move();

    record Ok(Move move) implements ParsedMove {
        @Override
        public boolean isOk() {
            return true;
        }
    }

    /** {@code token} is the text as written; {@code reason} says why it is not a legal move here. */
    record Error(String token, String reason) implements ParsedMove {
        @Override
        public boolean isOk() {
            return false;
        }

        @Override
        public Move move() {
            throw new IllegalStateException(message());
        }

        /** "Nd2 is ambiguous: knights on b1 and f3 can go to d2". */
        public String message() {
            return token + " " + reason;
        }
    }
}
