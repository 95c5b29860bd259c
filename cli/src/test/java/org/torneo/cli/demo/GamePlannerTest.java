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
        assertEquals(new Step.Play(Side.WHITE, "Rd8#"), opera.steps().getLast());
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
    void an_illegal_move_is_found_for_a_king_next_to_an_attacked_square() {
        Position position = Position.fromFen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1");
        String move = GamePlanner.illegalMove(position).orElseThrow();
        assertNotEquals(Boolean.TRUE, MoveParser.parse(position, move, MoveParser.Language.ENGLISH).isOk());
        assertTrue(move.startsWith("K"), move);
    }
}
