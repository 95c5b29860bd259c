package org.torneo.game.core.game;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Actor;
import org.torneo.contracts.Envelope;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.Ruleset;
import org.torneo.contracts.Side;
import org.torneo.contracts.codec.JsonCodec;
import org.torneo.contracts.game.ClaimEvent.ClaimUpheld;
import org.torneo.contracts.game.ClaimEvent.CommandRejected;
import org.torneo.contracts.game.ClockReading;
import org.torneo.contracts.clock.Period;
import org.torneo.contracts.clock.TimeControl;
import org.torneo.contracts.game.DrawClaimKind;
import org.torneo.contracts.game.QuickplayFinishGuidelines;
import org.torneo.contracts.game.EventRegulations;
import org.torneo.contracts.game.GameCommand;
import org.torneo.contracts.game.IllegalAction;
import org.torneo.contracts.game.MoveEvent;
import org.torneo.contracts.game.MoveSource;
import org.torneo.contracts.game.RulingKind;
import org.torneo.contracts.results.EndReason;
import org.torneo.contracts.results.GameResult;
import org.torneo.contracts.results.ResultEvent.GameEnded;
import org.torneo.game.core.Corpus;
import org.torneo.game.core.board.Move;

/**
 * The replay property (the fold of the produced events, also after a trip through the wire codec, is the live
 * state) over seeded random command streams under every ruleset, and the corpus games played through the decider.
 */
class ReplayAndCorpusTest {

    private static final Actor[] ACTORS = {GameSpec.BOARD, GameSpec.EBOARD, GameSpec.ARBITER, GameSpec.WHITE_PLAYER,
        GameSpec.BLACK_PLAYER};

    @Test
    void foldingTheEventsGivesTheLiveStateEvenThroughTheCodec() {
        JsonCodec codec = JsonCodec.standard();
        // a small canMate budget keeps flag falls in busy positions quick (an undetermined answer means "can mate")
        GameDecider decider = new GameDecider(org.torneo.game.core.draw.DeadPositionOracle.BARE_MATERIAL, 20_000);
        int commands = 0;
        int quickplayClaims = 0;
        int postponements = 0;
        int resumptionIncidents = 0;
        int endedAsCorrected = 0;
        for (Ruleset.Edition edition : Ruleset.Edition.values()) {
            for (Ruleset.Category category : Ruleset.Category.values()) {
                for (int seed = 0; seed < 3; seed++) {
                    Random random = new Random(seed * 31L + edition.ordinal() * 7L + category.ordinal());
                    GameState live = decider.initialState();
                    List<EventMessage> history = new ArrayList<>();
                    Instant t = GameSpec.T0;
                    List<GameCommand> script = new ArrayList<>();
                    script.add(new GameCommand.StartGame("t-1", 1, 1, GameSpec.WHITE, GameSpec.BLACK,
                            new Ruleset(edition, category), null, null, null,
                            seed == 0 || random.nextBoolean() ? TimeControl.of(Period.suddenDeath(600_000)) : null,
                            new EventRegulations(0, random.nextBoolean(), seed == 0 ? QuickplayFinishGuidelines.DRAW_CLAIMS
                                    : QuickplayFinishGuidelines.values()[random.nextInt(3)]), t));
                    if (seed == 0) {
                        // a quickplay-finish claim at once, postponed: the random stream then runs with it open
                        script.add(new GameCommand.ClaimDraw(Side.WHITE, DrawClaimKind.QUICKPLAY_FINISH, null,
                                new ClockReading(60_000, 90_000), t));
                        script.add(new GameCommand.PostponeClaim(120_000, null, "", t));
                    }
                    if (seed == 1) {
                        // an adjournment with every resumption incident, then an illegal move not completed
                        script.add(new GameCommand.SubmitMove("e2e4", null, MoveSource.ARBITER, null, t));
                        script.add(new GameCommand.SubmitMove("e7e5", null, MoveSource.ARBITER, null, t));
                        script.add(new GameCommand.SealMove(Side.WHITE, "Nf3", t));
                        script.add(new GameCommand.ReportAbsentAtResumption(Side.WHITE, t));
                        script.add(new GameCommand.SealMove(Side.BLACK, "Nc6", t));
                        script.add(new GameCommand.ReportAbsentAtResumption(null, t));
                        script.add(new GameCommand.DeclareEnvelopeLost("Nc6", new ClockReading(500_000, 400_000), true, t));
                        script.add(new GameCommand.CorrectClockAtResumption(Side.WHITE, 1_000, 2_000, Side.WHITE, t));
                        script.add(new GameCommand.ResumeGame(t));
                        script.add(new GameCommand.ReportIllegalMoveNotCompleted(Side.WHITE, "e1e3", t));
                    }
                    if (seed == 2) {
                        // the arbiter's pairing correction before the first move: the stream is played by the new pair
                        script.add(new GameCommand.CorrectPlayers(CORRECTED_WHITE, CORRECTED_BLACK, "boards swapped",
                                null, null, t));
                    }
                    for (int i = 0; i < 160 && !live.isOver() || script.size() > 0; i++) {
                        t = t.plusSeconds(7);
                        boolean scripted = !script.isEmpty();
                        GameCommand command = scripted ? script.remove(0) : randomCommand(random, live, t);
                        Actor actor = command instanceof GameCommand.StartGame ? GameSpec.ORGANISER
                                : scripted ? GameSpec.ARBITER : ACTORS[random.nextInt(ACTORS.length)];
                        List<EventMessage> events = decider.decide(new GameRequest(GameSpec.GAME, actor, command), live);
                        assertTrue(!events.isEmpty() || command instanceof GameCommand.PressClock,
                                "every command but a repeated clock press produces an event: " + command);
                        for (EventMessage e : events) {
                            live = decider.evolve(live, e);
                            history.add(e);
                            if (e instanceof org.torneo.contracts.game.ClaimEvent.ClaimFiled f
                                    && f.kind() == DrawClaimKind.QUICKPLAY_FINISH) {
                                quickplayClaims++;
                            }
                            if (e instanceof org.torneo.contracts.game.ClaimEvent.ClaimPostponed) {
                                postponements++;
                            }
                            if (e instanceof MoveEvent.EnvelopeLost || e instanceof MoveEvent.PlayerAbsentAtResumption
                                    || e instanceof MoveEvent.IllegalMoveNotCompleted) {
                                resumptionIncidents++;
                            }
                        }
                        commands++;
                        if (live.isOver() || live.phase() == GameState.Phase.NOT_STARTED) {
                            break; // over, or a ruleset that does not exist (the 1970 Code has no rapid or blitz)
                        }
                    }
                    if (seed == 2 && live.phase() != GameState.Phase.NOT_STARTED) {
                        assertTrue(history.stream().anyMatch(e -> e instanceof MoveEvent.PlayersCorrected));
                        for (EventMessage e : history) {
                            if (e instanceof org.torneo.contracts.results.ResultEvent.GameEnded ended) {
                                assertEquals(List.of(CORRECTED_WHITE, CORRECTED_BLACK),
                                        List.of(ended.whitePlayerId(), ended.blackPlayerId()), edition + " " + category);
                                endedAsCorrected++;
                            }
                        }
                    }
                    assertEquals(live.fingerprint(), decider.fold(history).fingerprint());
                    assertEquals(live.fingerprint(), decider.fold(throughTheWire(codec, history)).fingerprint(),
                            edition + " " + category + " seed " + seed);
                }
            }
        }
        assertTrue(commands > 700, "commands decided: " + commands);
        assertTrue(quickplayClaims > 0 && postponements > 0, "quickplay claims filed " + quickplayClaims
                + ", postponed " + postponements + ": the streams should exercise them");
        assertTrue(endedAsCorrected >= 3, "games ended after a pairing correction: " + endedAsCorrected);
        assertTrue(resumptionIncidents >= 6, "lost envelopes, absences and illegal moves not completed: "
                + resumptionIncidents);
    }

    private static List<EventMessage> throughTheWire(JsonCodec codec, List<EventMessage> history) {
        List<EventMessage> read = new ArrayList<>();
        long sequence = 0;
        for (EventMessage e : history) {
            Envelope envelope = Envelope.event(UUID.nameUUIDFromBytes(("e" + sequence).getBytes()),
                    UUID.nameUUIDFromBytes(("c" + sequence).getBytes()), null, GameSpec.GAME, ++sequence,
                    Actor.system("game"), GameSpec.T0, e);
            read.add((EventMessage) codec.decode(codec.encode(envelope)).payload());
        }
        return read;
    }

    private static final String CORRECTED_WHITE = "p-corrected-white";
    private static final String CORRECTED_BLACK = "p-corrected-black";

    /** Mostly legal moves, with every other kind of command mixed in (many of them refused). */
    private static GameCommand randomCommand(Random random, GameState state, Instant t) {
        Side side = random.nextBoolean() ? Side.WHITE : Side.BLACK;
        int roll = random.nextInt(100);
        if (roll < 85 && state.phase() == GameState.Phase.IN_PROGRESS) {
            List<Move> legal = state.position().legalMoves();
            Move move = legal.get(random.nextInt(legal.size()));
            ClockReading clock = random.nextBoolean() ? new ClockReading(random.nextInt(600_000),
                    random.nextInt(600_000)) : null;
            return new GameCommand.SubmitMove(random.nextInt(10) == 0 ? "Qz9" : move.uci(), null,
                    MoveSource.values()[random.nextInt(3)], clock, t);
        }
        return switch (random.nextInt(22)) {
            case 0 -> new GameCommand.PressClock(side, t);
            case 1 -> new GameCommand.TouchPiece(side, "e2", t);
            case 2 -> new GameCommand.OfferDraw(side, t);
            case 3 -> new GameCommand.AcceptDraw(side, t);
            case 4 -> new GameCommand.DeclineDraw(side, t);
            case 5 -> new GameCommand.ClaimDraw(side, DrawClaimKind.values()[random.nextInt(DrawClaimKind.values().length)],
                    random.nextBoolean() ? null : "Nf3", random.nextBoolean() ? null
                    : new ClockReading(random.nextInt(240_000), random.nextInt(240_000)), t);
            case 6 -> new GameCommand.ReportIllegalMove(1 + random.nextInt(Math.max(1, state.ply() + 1)),
                    random.nextBoolean() ? null : side, "", t);
            case 7 -> new GameCommand.ReportIllegalAction(side, IllegalAction.values()[random.nextInt(3)], "e7e8", t);
            case 8 -> new GameCommand.ReportFlagFall(side, random.nextBoolean(), random.nextBoolean(), t);
            case 9 -> new GameCommand.ReportBothFlagsFell(random.nextInt(4) == 0, t);
            case 10 -> new GameCommand.ReportDefault(random.nextBoolean() ? side : null, t);
            case 11 -> new GameCommand.ReportColoursReversed(t);
            case 12 -> new GameCommand.SealMove(side, random.nextBoolean() ? "e4" : "Nf3", t);
            case 13 -> new GameCommand.ResumeGame(t);
            case 14 -> new GameCommand.ArbiterRuling(RulingKind.values()[random.nextInt(RulingKind.values().length)],
                    "FIDE 2018 12.9", "", side, GameResult.values()[random.nextInt(GameResult.values().length)],
                    random.nextInt(3), random.nextInt(3), random.nextInt(4), 60_000, t);
            case 15 -> new GameCommand.CorrectResult(GameResult.DRAW, 1, 1, true, UUID.randomUUID(), "check", t);
            case 16 -> new GameCommand.PostponeClaim(random.nextBoolean() ? 0 : 120_000, null, "", t);
            case 17 -> random.nextInt(4) == 0 ? new GameCommand.DeclareEnvelopeLost(null, null, false, t)
                    : new GameCommand.DeclareEnvelopeLost(random.nextBoolean() ? "Nf3" : "Ke3",
                    random.nextBoolean() ? null : new ClockReading(random.nextInt(600_000), random.nextInt(600_000)), true, t);
            case 18 -> new GameCommand.ReportAbsentAtResumption(random.nextInt(3) == 0 ? null : side, t);
            case 19 -> new GameCommand.CorrectClockAtResumption(side, random.nextInt(600_000), random.nextInt(600_000),
                    random.nextBoolean() ? side : null, t);
            case 20 -> new GameCommand.ReportIllegalMoveNotCompleted(side, random.nextBoolean() ? "e1e3" : "e8e6", t);
            default -> new GameCommand.Resign(side, t);
        };
    }

    @Test
    void theCorpusGamesEndAsExpectedWhenPlayedThroughTheDecider() {
        GameDecider decider = new GameDecider();
        int games = 0;
        int moves = 0;
        int refused = 0;
        for (String[] row : Corpus.tsv("games.expected.tsv")) {
            String fen = "startpos".equals(row[1]) ? null : row[1];
            int plies = Integer.parseInt(row[2]);
            String ending = row[5];
            GameState state = decider.initialState();
            List<EventMessage> start = decider.decide(new GameRequest("g", GameSpec.ORGANISER,
                    new GameCommand.StartGame("t", 1, 1, "w", "b", Ruleset.DEFAULT, fen, GameSpec.T0)), state);
            if (start.get(0) instanceof CommandRejected rejected) {
                // a few corpus FENs break FEN rules the game start enforces (e.g. an e.p. square with a nonzero
                // halfmove clock): the refusal must say why
                assertTrue(rejected.reason().contains("not valid FEN"), rejected.reason());
                refused++;
                continue;
            }
            state = decider.evolve(state, start.get(0));
            String[] uci = row[17].isBlank() ? new String[0] : row[17].trim().split(" ");
            for (String m : uci) {
                assertFalse(state.isOver(), row[0] + " ended early at ply " + state.ply() + ": " + state.ended());
                state = apply(decider, state, new GameCommand.SubmitMove(m, null, MoveSource.EBOARD, null,
                        GameSpec.T0), GameSpec.EBOARD);
                moves++;
            }
            assertEquals(plies, state.ply(), row[0]);
            EndReason expected = switch (ending) {
                case "checkmate" -> EndReason.CHECKMATE;
                case "stalemate" -> EndReason.STALEMATE;
                case "fivefold" -> EndReason.FIVEFOLD_REPETITION;
                case "seventyfive_move" -> EndReason.SEVENTY_FIVE_MOVES;
                case "insufficient_material" -> EndReason.DEAD_POSITION;
                default -> null;
            };
            if (expected != null) {
                assertTrue(state.isOver(), row[0] + " should have ended by " + ending);
                assertEquals(expected, state.ended().reason(), row[0]);
            } else if (ending.equals("threefold_claim") || ending.equals("fifty_move_claim")) {
                assertFalse(state.isOver(), row[0]);
                DrawClaimKind kind = ending.equals("threefold_claim") ? DrawClaimKind.THREEFOLD : DrawClaimKind.FIFTY_MOVES;
                List<EventMessage> events = decider.decide(new GameRequest("g", GameSpec.BOARD,
                        new GameCommand.ClaimDraw(state.sideToMove(), kind, null, GameSpec.T0)), state);
                assertTrue(events.stream().anyMatch(e -> e instanceof ClaimUpheld), row[0] + ": " + events);
            } else if (ending.equals("unterminated")) {
                assertFalse(state.isOver(), row[0]);
            }
            // dead_position rows: the default (bare material) oracle may not see them; nothing to assert
            games++;
        }
        assertTrue(games > 280 && refused < 20, "games " + games + ", refused starts " + refused);
        assertTrue(moves > 20_000, "moves " + moves);
    }

    private static GameState apply(GameDecider decider, GameState state, GameCommand command, Actor actor) {
        List<EventMessage> events = decider.decide(new GameRequest("g", actor, command), state);
        for (EventMessage e : events) {
            if (e instanceof CommandRejected rejected) {
                throw new AssertionError(command + " rejected: " + rejected.reason());
            }
            state = decider.evolve(state, e);
        }
        return state;
    }

    @Test
    void aGameEndedEventCarriesTheTournamentData() {
        GameSpec spec = GameSpec.fide2018().moves("f3", "e5", "g4", "Qh4#");
        GameEnded ended = (GameEnded) spec.history.get(spec.history.size() - 1);
        assertEquals("t-1", ended.tournamentId());
        assertEquals(GameSpec.BLACK, ended.blackPlayerId());
    }
}
