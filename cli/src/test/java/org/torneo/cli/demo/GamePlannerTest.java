package org.torneo.cli.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.torneo.contracts.Side;
import org.torneo.game.core.board.Position;
import org.torneo.game.core.notation.MoveParser;
import org.torneo.game.core.notation.ParsedMove;

class GamePlannerTest {

    @Test
    void the_same_seed_round_and_board_give_the_same_game_and_another_seed_another() {
        assertEquals(GamePlanner.plan(7, 3, 12), GamePlanner.plan(7, 3, 12));
        int differing = 0;
        for (int board = 1; board <= 20; board++) {
            if (!GamePlanner.plan(7, 1, board).equals(GamePlanner.plan(8, 1, board))) {
                differing++;
            }
        }
        assertTrue(differing >= 18, "other seeds should give other games, differing " + differing);
    }

    @Test
    void every_master_game_replays_legally_from_the_resources() {
        List<MasterGames.MasterGame> masters = MasterGames.all();
        assertEquals(5, masters.size());
        MasterGames.MasterGame windmill = masters.getFirst();
        assertTrue(windmill.title().startsWith("Torre, Carlos - Lasker, Emanuel"), windmill.title());
        assertEquals(85, windmill.sans().size());
        GamePlanner.GamePlan plan = GamePlanner.master(windmill);
        assertEquals(new Step.Resign(Side.BLACK), plan.steps().getLast(), "Lasker resigned after 43. g3");
        // the Opera game ends in mate on the board: no resignation is sent
        GamePlanner.GamePlan opera = GamePlanner.master(masters.stream()
                .filter(m -> m.title().startsWith("Morphy")).findFirst().orElseThrow());
        assertEquals(new Step.Play(Side.WHITE, "Rd8#", Step.Phase.MIDDLEGAME), opera.steps().getLast());
    }

    @Test
    void random_games_are_legal_step_by_step_with_illegal_moves_only_where_planned() {
        Map<String, Integer> features = new HashMap<>();
        for (int board = 1; board <= 400; board++) {
            GamePlanner.GamePlan plan = GamePlanner.plan(2026, 1, board);
            features.merge(plan.kind().startsWith("master") ? "master" : plan.kind(), 1, Integer::sum);
            Position position = Position.initial();
            boolean offerPending = false;
            for (Step step : plan.steps()) {
                Side toMove = GamePlanner.side(position);
                switch (step) {
                    case Step.Play play -> {
                        assertEquals(toMove, play.by(), "board " + board + ": " + play);
                        ParsedMove parsed = MoveParser.parse(position, play.san(), MoveParser.Language.ENGLISH);
                        assertTrue(parsed.isOk(), "board " + board + ": " + play.san() + " should be legal");
                        position = position.play(parsed.move());
                    }
                    case Step.Illegal illegal -> {
                        features.merge("illegal", 1, Integer::sum);
                        assertEquals(toMove, illegal.by());
                        ParsedMove parsed = MoveParser.parse(position, illegal.move(), MoveParser.Language.ENGLISH);
                        assertTrue(parsed instanceof ParsedMove.Error error && error.reason().startsWith("is illegal"),
                                "board " + board + ": " + illegal.move() + " should be an illegal move (FIDE 3.9)");
                    }
                    case Step.Offer offer -> {
                        features.merge("offer", 1, Integer::sum);
                        assertEquals(toMove.opponent(), offer.by(), "an offer follows the offerer's own move");
                        offerPending = true;
                    }
                    case Step.Accept accept -> {
                        assertTrue(offerPending);
                        assertEquals(toMove, accept.by());
                    }
                    case Step.Claim claim -> {
                        features.merge("claim", 1, Integer::sum);
                        assertEquals(toMove, claim.by(), "the claimant is the player to move (FIDE 2018 9.2.1)");
                    }
                    case Step.Resign resign -> features.merge("resign", 1, Integer::sum);
                    case Step.FlagFall flag -> {
                        features.merge("flag", 1, Integer::sum);
                        assertEquals(toMove, flag.by(), "the flag of the player whose clock runs");
                    }
                }
            }
            if (plan.kind().equals("random, mate")) {
                assertTrue(position.isCheckmate(), "board " + board);
            }
        }
        for (String feature : List.of("master", "illegal", "offer", "claim", "resign", "flag", "random, agreed draw",
                "random, threefold claim")) {
            assertTrue(features.getOrDefault(feature, 0) > 0, feature + " missing in " + features);
        }
        assertFalse(features.containsKey("random"), "every random game ends somehow: " + features);
    }

    @Test
    void the_end_to_end_seed_plans_flag_falls_some_against_a_lone_king_and_none_after_a_penalty() {
        int flags = 0;
        int loneKing = 0;
        for (int round = 1; round <= 5; round++) {
            for (int board = 1; board <= 30; board++) {
                GamePlanner.GamePlan plan = GamePlanner.plan(9, round, board);
                if (!(plan.steps().getLast() instanceof Step.FlagFall flag)) {
                    continue;
                }
                flags++;
                assertTrue(plan.steps().stream().noneMatch(s -> s instanceof Step.Illegal || s instanceof Step.Claim),
                        "a penalty would give the flagger minutes more: " + plan.kind());
                Position position = Position.initial();
                for (Step step : plan.steps()) {
                    if (step instanceof Step.Play play) {
                        position = position.play(((ParsedMove.Ok) MoveParser.parse(position, play.san(),
                                MoveParser.Language.ENGLISH)).move());
                    }
                }
                assertEquals(flag.by(), GamePlanner.side(position), "the flag of the player to move");
                if (plan.kind().equals("random, flag fall against a lone king")) {
                    loneKing++;
                    org.torneo.game.core.board.Side opponent = position.sideToMove().opponent();
                    for (org.torneo.game.core.board.PieceType type : org.torneo.game.core.board.PieceType.values()) {
                        if (type != org.torneo.game.core.board.PieceType.KING) {
                            assertEquals(0, position.pieces(opponent, type), "FIDE 2018 6.9: the opponent has only his king");
                        }
                    }
                }
            }
        }
        assertTrue(flags >= 5, "flag falls planned: " + flags);
        assertTrue(loneKing >= 1, "flag falls against a lone king planned: " + loneKing);
    }

    @Test
    void moves_carry_their_phase_from_the_opening_to_the_endgame() {
        GamePlanner.GamePlan windmill = GamePlanner.master(MasterGames.all().getFirst());
        List<Step.Phase> phases = windmill.steps().stream().filter(s -> s instanceof Step.Play)
                .map(s -> ((Step.Play) s).phase()).toList();
        assertEquals(Step.Phase.OPENING, phases.getFirst());
        assertEquals(16, phases.stream().filter(p -> p == Step.Phase.OPENING).count(), "8 moves each");
        assertTrue(phases.contains(Step.Phase.MIDDLEGAME));
        assertEquals(Step.Phase.ENDGAME, GamePlanner.phase(Position.fromFen("8/5k2/8/8/3R4/8/2B2K2/8 w - - 0 40")));
    }

    @Test
    void an_illegal_move_is_found_for_a_king_next_to_an_attacked_square() {
        Position position = Position.fromFen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
        String move = GamePlanner.illegalMove(position).orElseThrow();
        assertNotEquals(Boolean.TRUE, MoveParser.parse(position, move, MoveParser.Language.ENGLISH).isOk());
        assertTrue(move.startsWith("K"), move);
    }
}
