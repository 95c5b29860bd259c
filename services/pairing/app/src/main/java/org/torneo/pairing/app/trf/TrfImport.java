package org.torneo.pairing.app.trf;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Bye;
import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.GameResult;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.Score;
import org.torneo.contracts.tournament.Scoring;
import org.torneo.contracts.tournament.TournamentCommand;
import org.torneo.trf.PointSystem;
import org.torneo.trf.ResultCode;
import org.torneo.trf.TrfDocument;
import org.torneo.trf.TrfFormatException;
import org.torneo.trf.TrfGame;
import org.torneo.trf.TrfPlayer;
import org.torneo.trf.TrfReader;

/**
 * A played (or partly played) tournament read from a TRF, as the commands that replay it on the
 * tournament aggregate: create, register every player (id {@code p<start number>}), and for each
 * round written in the file: the forbidden pairs (XXP, TRF-26 260) that hold from it, the requested byes (H, Z),
 * PairNextRound followed by the arbiter's CorrectPairing to the file's boards (published pairings change only by a
 * correction with who and why), each result, and CloseRound once every game of the round has one.
 *
 * <p>Pairing numbers are the aggregate's own (by rating, Code 1970); they equal the file's start
 * numbers when the file numbers its players by rating, as pairing programs do.
 */
public final class TrfImport {

    private TrfImport() {
    }

    /** Player id of a start number. */
    public static String playerId(int startNumber) {
        return "p" + startNumber;
    }

    /**
     * Reads the text with the project's one TRF reader ({@link TrfReader#read}: the same checks as the command
     * line's {@code pair}, {@code check}, {@code standings} and {@code rating}) and turns it into commands.
     *
     * @throws TrfFormatException for any invalid file, naming line and column
     */
    public static List<TournamentCommand> commands(String trf, String tournamentId, PairingSystemKind system,
                                                   Actor organiser, Instant at) {
        return commands(TrfReader.read(trf), tournamentId, system, organiser, at);
    }

    /**
     * @param system    the pairing system of the rounds still to pair
     * @param organiser who imports: he creates the tournament and registers its players, appoints himself its
     *                  chief arbiter (an organiser may), and as chief arbiter replays its byes, pairings, results and
     *                  closings, so that every imported decision was taken by someone who held the office
     * @throws TrfFormatException for a file the aggregate cannot take (line and column named)
     */
    public static List<TournamentCommand> commands(TrfDocument doc, String tournamentId, PairingSystemKind system,
                                                   Actor organiser, Instant at) {
        TrfReader.validate(doc); // whoever parsed it: the same checks as every other reader
        Actor arbiter = new Actor(Actor.Role.ARBITER, organiser.id());
        List<TournamentCommand> commands = new ArrayList<>();
        int rounds = doc.totalRounds().orElse(doc.roundsWritten());
        if (!system.isRoundRobin() && rounds < 1) {
            throw new TrfFormatException(1, 1, "the number of rounds is missing (142 or XXR record)");
        }
        Scoring scoring = scoring(doc.pointSystem());
        String name = doc.header("012").filter(s -> !s.isBlank()).orElse(tournamentId);
        commands.add(new TournamentCommand.CreateTournament(tournamentId, id(), organiser, at, name, system,
                system.isRoundRobin() ? 0 : rounds, scoring, "FIDE_2018", List.of()));
        List<TrfPlayer> players = new ArrayList<>(doc.players());
        players.sort(Comparator.comparingInt(TrfPlayer::startNumber));
        for (TrfPlayer p : players) {
            commands.add(new TournamentCommand.RegisterPlayer(tournamentId, id(), organiser, at, playerId(p.startNumber()),
                    p.name().isBlank() ? playerId(p.startNumber()) : p.name(), p.rating(), 1, title(doc, p),
                    federation(doc, p)));
        }
        commands.add(new TournamentCommand.AppointArbiter(tournamentId, id(), organiser, at, organiser.id(), true,
                List.of()));
        ForbiddenSchedule forbidden = system.isRoundRobin() ? new ForbiddenSchedule(java.util.Map.of()) // C.05: none
                : forbiddenSchedule(doc, rounds, tournamentId, arbiter, at);
        for (int round = 1; round <= doc.roundsPaired(); round++) {
            commands.addAll(forbidden.before(round));
            List<Board> boards = new ArrayList<>();
            List<Bye> byes = new ArrayList<>();
            List<TournamentCommand> results = new ArrayList<>();
            boolean complete = true;
            for (TrfPlayer p : players) {
                TrfGame g = p.game(round);
                String player = playerId(p.startNumber());
                if (g.opponent() == 0) {
                    ByeKind kind = switch (g.result()) {
                        case PAIRING_ALLOCATED_BYE -> ByeKind.PAIRING_BYE;
                        case HALF_POINT_BYE -> ByeKind.HALF_POINT;
                        case ZERO_POINT_BYE, BLANK -> ByeKind.ZERO_POINT;
                        default -> throw new TrfFormatException(doc.lineNumber(lineOf(doc, p)), 99 + 10 * (round - 1),
                                "round " + round + ": result '" + g.result().code() + "' without an opponent cannot be"
                                        + " imported (use U for the pairing-allocated bye, H or Z for a requested bye)");
                    };
                    if (kind != ByeKind.PAIRING_BYE) {
                        commands.add(new TournamentCommand.RequestBye(tournamentId, id(), arbiter, at, player, round, kind));
                    }
                    Score points = switch (kind) {
                        case PAIRING_BYE -> scoring.pairingBye();
                        case HALF_POINT -> scoring.halfPointBye();
                        default -> scoring.zeroPointBye();
                    };
                    byes.add(new Bye(player, kind, points));
                    continue;
                }
                if (g.colour() != org.torneo.trf.Colour.WHITE) {
                    continue;
                }
                String black = playerId(g.opponent());
                boards.add(new Board(boards.size() + 1, "", player, black));
                if (g.result() == ResultCode.BLANK) {
                    complete = false;
                    continue;
                }
                TrfGame other = doc.playersById().get(g.opponent()).game(round);
                results.add(new TournamentCommand.RecordResult(tournamentId, id(), arbiter, at, round, player, black,
                        result(g.result(), other.result()), g.result().isPlayedGame()));
            }
            commands.add(new TournamentCommand.PairNextRound(tournamentId, id(), arbiter, at, round));
            commands.add(new TournamentCommand.CorrectPairing(tournamentId, id(), arbiter, at, round, boards,
                    byes.stream().filter(b -> b.kind() == ByeKind.PAIRING_BYE || b.kind() == ByeKind.HALF_POINT
                            || b.kind() == ByeKind.ZERO_POINT).toList(), "imported from a TRF file"));
            commands.addAll(results);
            if (complete) {
                commands.add(new TournamentCommand.CloseRound(tournamentId, id(), arbiter, at, round));
            }
        }
        commands.addAll(forbidden.before(doc.roundsPaired() + 1));
        return commands;
    }

    /** Line 001's title (columns 11-13) as FIDE writes it: older writers' short codes (g, wm ...) read as GM, WIM. */
    private static String title(TrfDocument doc, TrfPlayer p) {
        String title = org.torneo.entries.EntryFiles.fideTitle(p.title());
        if (title == null) {
            throw new TrfFormatException(doc.lineNumber(lineOf(doc, p)), 11, "player " + p.startNumber() + ": title '"
                    + p.title() + "' is not a FIDE title (GM, IM, FM, CM, WGM, WIM, WFM, WCM, or g, m, f, c, wg, wm, wf,"
                    + " wc)");
        }
        return title;
    }

    /** Line 001's federation (columns 54-56), in capitals. */
    private static String federation(TrfDocument doc, TrfPlayer p) {
        String federation = p.federation().strip().toUpperCase(java.util.Locale.ROOT);
        if (!org.torneo.entries.EntryFiles.isFederation(federation)) {
            throw new TrfFormatException(doc.lineNumber(lineOf(doc, p)), 54, "player " + p.startNumber()
                    + ": federation '" + p.federation() + "' is not three letters (e.g. ESP)");
        }
        return federation;
    }

    /**
     * The file's forbidden pairs (XXP: the whole event; TRF-26 260: rounds first to last; C.04.1.b) as the chief
     * arbiter's ForbidPairing before the first round they hold for is paired, and AllowPairing before the round after
     * the last (when the event goes on after it). Every pair of a record's group once. A pair whose rounds begin or
     * end after the next round to pair cannot be declared at the right moment by an import: refused with its line.
     */
    private static ForbiddenSchedule forbiddenSchedule(TrfDocument doc, int rounds, String tournamentId, Actor arbiter,
                                                       Instant at) {
        List<TrfDocument.ForbiddenPairs> groups = doc.forbiddenPairs();
        List<org.torneo.trf.TrfLine.Text> lines = new ArrayList<>(doc.records("260"));
        lines.addAll(doc.records("XXP"));
        int next = doc.roundsPaired() + 1;
        java.util.Map<Integer, List<TournamentCommand>> before = new java.util.HashMap<>();
        java.util.Set<java.util.Set<Integer>> declared = new java.util.HashSet<>();
        for (int g = 0; g < groups.size(); g++) {
            TrfDocument.ForbiddenPairs group = groups.get(g);
            int line = doc.lineNumber(lines.get(g));
            String tag = lines.get(g).tag();
            boolean lifted = group.lastRound() < rounds;
            if (group.firstRound() > next || (lifted && group.lastRound() + 1 > next)) {
                throw new TrfFormatException(line, 1, tag + " forbids pairs in rounds " + group.firstRound() + "-"
                        + group.lastRound() + ", but the file has " + doc.roundsPaired() + " rounds paired: an import"
                        + " declares a forbidden pair only up to the next round to pair (" + next + "); declare it"
                        + " (or lift it) on the tournament before that round is paired");
            }
            for (int i = 0; i < group.ids().size(); i++) {
                for (int j = i + 1; j < group.ids().size(); j++) {
                    int a = group.ids().get(i);
                    int b = group.ids().get(j);
                    if (a == b || doc.playersById().get(a) == null || doc.playersById().get(b) == null) {
                        throw new TrfFormatException(line, 1, tag + ": start numbers " + a + " and " + b
                                + (a == b ? " are the same player" : " must both be players of the file"));
                    }
                    if (!declared.add(java.util.Set.of(a, b))) {
                        continue; // the same pair in another record: declared once
                    }
                    String why = "forbidden by the TRF file (" + tag + ", line " + line + ")";
                    before.computeIfAbsent(group.firstRound(), r -> new ArrayList<>()).add(
                            new TournamentCommand.ForbidPairing(tournamentId, id(), arbiter, at, playerId(a),
                                    playerId(b), why));
                    if (lifted) {
                        before.computeIfAbsent(group.lastRound() + 1, r -> new ArrayList<>()).add(
                                new TournamentCommand.AllowPairing(tournamentId, id(), arbiter, at, playerId(a),
                                        playerId(b), why + ": its rounds are over"));
                    }
                }
            }
        }
        return new ForbiddenSchedule(before);
    }

    /** The forbidden pairs to declare (and lift) before each round is paired. */
    private record ForbiddenSchedule(java.util.Map<Integer, List<TournamentCommand>> byRound) {
        List<TournamentCommand> before(int round) {
            return byRound.getOrDefault(round, List.of());
        }
    }

    private static org.torneo.trf.TrfLine lineOf(TrfDocument doc, TrfPlayer player) {
        for (org.torneo.trf.TrfLine line : doc.lines()) {
            if (line instanceof org.torneo.trf.TrfLine.PlayerRecord record && record.player().equals(player)) {
                return line;
            }
        }
        return doc.lines().get(0);
    }

    private static GameResult result(ResultCode white, ResultCode black) {
        return switch (white) {
            case WIN, UNRATED_WIN, FORFEIT_WIN -> GameResult.WHITE_WINS;
            case DRAW, UNRATED_DRAW -> GameResult.DRAW;
            case LOSS, UNRATED_LOSS -> GameResult.BLACK_WINS;
            case FORFEIT_LOSS -> black == ResultCode.FORFEIT_WIN ? GameResult.BLACK_WINS : GameResult.DOUBLE_LOSS;
            default -> throw new IllegalArgumentException("not a game result: " + white.code());
        };
    }

    /** The file's point system as the tournament's scoring (points must be whole halves). */
    static Scoring scoring(PointSystem ps) {
        return new Scoring(score(ps.win()), score(ps.draw()), score(ps.loss()), score(ps.pairingAllocatedBye()),
                score(ps.halfPointBye()), score(ps.zeroPointBye()), score(ps.forfeitWin()), score(ps.forfeitLoss()),
                Score.ZERO);
    }

    private static Score score(int tenths) {
        if (tenths % 5 != 0) {
            throw new TrfFormatException(1, 1, "points of " + PointSystem.format(tenths)
                    + " are not whole half-points; the tournament keeps scores in half-points");
        }
        return new Score(tenths / 5);
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }
}
