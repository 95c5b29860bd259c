package org.torneo.console;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import org.torneo.contracts.tournament.ByeKind;

/**
 * A change recorded to a published round, and a bye, in the user's words: what the change did (a swap, a colour
 * exchange, two players without a game paired, another correction) with the players as the page names them and their
 * seats (board and colour, or the kind of bye in FIDE's terms), and when, in the console's time zone. Built from the
 * change's structure ({@link RoundSeats.Change}), never from the pairing service's English sentence.
 */
final class HandChangeText {

    /** The bye kinds the pairing service gives (WordsTest requires a word for each in both languages). */
    static final List<String> BYE_KINDS = java.util.stream.Stream.of(ByeKind.values()).map(Enum::name).toList();

    private HandChangeText() {
    }

    /** What the change did, e.g. "Ana Pérez (No. 3) (board 2, White) and Luis Gil (No. 6) (board 3, Black) swapped". */
    static String describe(Words words, RoundSeats.Change change, UnaryOperator<String> player) {
        List<RoundSeats.Moved> moved = change.moved();
        return switch (change.kind()) {
            case SWAP_PLAYERS -> String.format(words.get("changeSwapped"), player.apply(moved.get(0).playerId()),
                    seat(words, moved.get(0).before()), player.apply(moved.get(1).playerId()),
                    seat(words, moved.get(1).before()));
            case EXCHANGE_COLOURS -> String.format(words.get("changeColours"), moved.get(0).after().board(),
                    player.apply(moved.get(0).playerId()), player.apply(moved.get(1).playerId()));
            case PAIR_UNPAIRED -> String.format(words.get("changePaired"), player.apply(moved.get(0).playerId()),
                    player.apply(moved.get(1).playerId()), moved.get(0).after().board());
            case CORRECTION -> moved.isEmpty() ? words.get("changeCorrected") : words.get("changeCorrected") + ": "
                    + moved.stream().map(m -> player.apply(m.playerId()) + " (" + seat(words, m.before()) + " → "
                    + seat(words, m.after()) + ")").collect(Collectors.joining("; "));
        };
    }

    /** A seat in words: "board 2, White", "pairing-allocated bye", or not in the round. */
    static String seat(Words words, RoundSeats.Seat seat) {
        if (seat == null) {
            return words.get("seatNone");
        }
        if (seat.onBoard()) {
            return String.format(words.get(seat.white() ? "seatWhite" : "seatBlack"), seat.board());
        }
        return byeKind(words, seat.byeKind());
    }

    /** A bye's kind in words ("½-point bye"); a kind newer than this console as the service names it. */
    static String byeKind(Words words, String kind) {
        return kind == null || kind.isBlank() ? "" : words.get(kind);
    }

    /** When, readable in the user's language and the console's time zone, e.g. "26 Nov 2026, 18:40:05 CET". */
    static String when(Words words, Instant at, ZoneId zone) {
        return at == null ? "" : DateTimeFormatter.ofPattern(words.get("dateTimePattern"), words.locale())
                .withZone(zone).format(at);
    }

    /** A player as the change line names him: his name and, once given, his pairing (starting) number. */
    static String player(Words words, String name, String number) {
        return number == null || number.isBlank() ? name : String.format(words.get("playerNumbered"), name, number);
    }
}
