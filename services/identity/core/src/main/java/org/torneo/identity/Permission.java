package org.torneo.identity;

import java.util.List;
import java.util.stream.Collectors;

import static org.torneo.identity.Grant.anyArbiterOfTournament;
import static org.torneo.identity.Grant.anyService;
import static org.torneo.identity.Grant.chiefArbiter;
import static org.torneo.identity.Grant.deviceOfBoard;
import static org.torneo.identity.Grant.hallArbiter;
import static org.torneo.identity.Grant.organiser;
import static org.torneo.identity.Grant.organiserRole;
import static org.torneo.identity.Grant.playerHimself;
import static org.torneo.identity.Grant.playerOfGame;
import static org.torneo.identity.Grant.playerOfSide;
import static org.torneo.identity.Grant.services;

/**
 * Every state-changing action of the apps, each with its rule of who may: the {@link Grant}s tried in order against
 * the replayed tournament state ({@link TournamentAuthority#may}). The rule text names the article it rests on; where
 * the seed texts are silent and the rule is current FIDE practice (FIDE Arbiters' Manual, the C.05 regulations for
 * tournaments: the organiser appoints the chief arbiter, who leads the arbiters and answers for pairings and results)
 * it says so. A chief arbiter is an arbiter of every hall, so "an arbiter of the board's hall" includes him.
 */
public enum Permission {

    /** Any account with the realm role organiser; he becomes the tournament's organiser. */
    CREATE_TOURNAMENT("an organiser creates a tournament and becomes its organiser (C.05: the organiser runs the event)",
            organiserRole()),

    /** Any organiser: a TRF import creates the tournament he then organises. */
    IMPORT_TRF("an organiser imports a tournament report (TRF) as a tournament he organises", organiserRole()),

    /** The tournament's organiser (entries are the organiser's business under the event's regulations). */
    REGISTER_PLAYER("the organiser registers players (C.05: entries are accepted by the organiser)", organiser()),

    /** The organiser only: appoints or dismisses the chief arbiter. */
    APPOINT_CHIEF_ARBITER("only the organiser appoints or dismisses the chief arbiter (FIDE Arbiters' Manual, current"
            + " practice: the organiser appoints the chief arbiter)", organiser()),

    /** The organiser or the chief arbiter: appoints or dismisses arbiters of halls. */
    APPOINT_ARBITER("the organiser or the chief arbiter appoints and dismisses hall arbiters (FIDE Arbiters' Manual,"
            + " current practice: the chief arbiter leads and deploys the arbiters' team)", organiser(), chiefArbiter()),

    /** The organiser or the chief arbiter: says which registered player an account is. */
    LINK_PLAYER_ACCOUNT("the organiser or the chief arbiter links an account to a registered player (identity checks"
            + " at registration, current practice)", organiser(), chiefArbiter()),

    /** The organiser or an arbiter of the hall: assigns a device to boards of that hall. */
    ASSIGN_DEVICE("the organiser or an arbiter of the hall assigns e-boards and terminals to its boards (FIDE 2018"
            + " 12.2: the arbiter sees that the competition runs in good order)", organiser(), hallArbiter()),

    /**
     * The tournament's organiser: the delay of the public broadcast (anti-cheating; ECU rules Q.2.4: internet
     * transmission delayed by 15 minutes; current practice, the seeds are silent).
     */
    SET_BROADCAST_DELAY("the organiser sets the delay of the public broadcast (anti-cheating regulations of the event,"
            + " e.g. ECU Q.2.4: internet transmission delayed by 15 minutes; current practice)", organiser()),

    /** The chief arbiter: pairs and publishes a round. */
    PAIR_ROUND("the chief arbiter pairs and publishes a round (C.04.1, C.05: pairings are the chief arbiter's)",
            chiefArbiter()),

    /** The chief arbiter: corrects a published pairing. */
    CORRECT_PAIRING("the chief arbiter corrects a published pairing (C.04.2, C.04.3 F.6-F.7), and the game service"
            + " applies his correction to the round's games (players corrected, removed boards' games cancelled)",
            chiefArbiter(), services("game")),

    /** The chief arbiter: closes a round. */
    CLOSE_ROUND("the chief arbiter closes a round (C.05: the chief arbiter answers for the results)", chiefArbiter()),

    /** The chief arbiter: withdraws a player from the tournament. */
    WITHDRAW_PLAYER("the chief arbiter withdraws a player (C.04.2; FIDE 2018 12.9.7 expulsion)", chiefArbiter()),

    /** The organiser or the chief arbiter: two players who must not meet (or may again: the pair lifted). */
    FORBID_PAIRING("the organiser or the chief arbiter forbids a pairing, or lifts one (C.04.1.b: by the event's"
            + " regulations)",
            organiser(), chiefArbiter()),

    /** An arbiter of the game's hall, or the game service starting a published round's games. */
    START_GAME("an arbiter of the board's hall starts its game (FIDE 2018 6.5, 12.2), or the game service starts"
            + " a published round's games", hallArbiter(), services("game")),

    /** An arbiter of the game's hall: rulings, penalties, time changes; the game service applies them to the clock. */
    RULE("an arbiter of the board's hall rules, penalises and changes times on its boards (FIDE 2018 12.1-12.9), and"
            + " the game service applies a decision's time penalty to the clock (FIDE 2018 7.5.5, 9.5.3)",
            hallArbiter(), services("game")),

    /**
     * An arbiter of the game's hall declares a result; the services record games that ended by the Laws (the game
     * service, the clock's flag and default reports, the results feed to the tournament).
     */
    DECLARE_RESULT("an arbiter of the board's hall declares its result (FIDE 2018 5, 8.7, 12.2); the game, clock and"
            + " results services record a result the Laws decided (mate, flag, default)",
            hallArbiter(), services("game", "clock", "clock-scheduler", "results")),

    /** An arbiter of the game's hall (chief included) corrects a recorded result; the results feed relays it. */
    CORRECT_RESULT("an arbiter of the board's hall corrects its recorded result (FIDE 2018 8.7; C.05: the chief"
            + " arbiter answers for the results)", hallArbiter(), services("results")),

    /**
     * The player of the side to move, a device of the board, or an arbiter of the hall (who enters moves from the
     * scoresheets when a board fails: current practice).
     */
    MOVE("the player of the side moves (FIDE 2018 4, 1.1: each player moves his own pieces), or a device of the board"
            + " or an arbiter of its hall enters the move", playerOfSide(), deviceOfBoard(), hallArbiter()),

    /**
     * The player of the side (offer, accept, decline), the electronic scoresheet of the board on which he marks it, or
     * an arbiter of the hall recording it.
     */
    OFFER_DRAW("the player of the side offers, accepts or declines a draw (FIDE 2018 9.1.2), marked (=) on the"
            + " electronic scoresheet of the board (FIDE 2018 8.1.5, C.12; 2023 8.1.1.2), or an arbiter of the board's"
            + " hall records it", playerOfSide(), deviceOfBoard(), hallArbiter()),

    /**
     * The player of the side, the electronic scoresheet of the board on which he enters the claim with its intended
     * move, or an arbiter of the hall to whom the claim is made.
     */
    CLAIM("the player of the side claims (FIDE 2018 9.2, 9.3, 9.4, III.4: claims are made to the arbiter), entering"
            + " the intended move on the electronic scoresheet of the board (FIDE 2023 9.2.1.1, 9.3.1), or an"
            + " arbiter of the board's hall records or reports it", playerOfSide(), deviceOfBoard(), hallArbiter()),

    /** The player of the side, the electronic scoresheet of the board on which he enters it, or an arbiter. */
    RESIGN("the player of the side resigns (FIDE 2018 5.1.2), entered on the electronic scoresheet of the board"
            + " (FIDE 2023 8.1.1.2, 8.7), or an arbiter of the board's hall records it",
            playerOfSide(), deviceOfBoard(), hallArbiter()),

    /** A player of the game, the board's electronic scoresheet, or an arbiter of its hall. */
    CONFIRM_RESULT("a player of the game confirms its result (FIDE 2018 8.7: both sign the scoresheets; 2023 8.7: or"
            + " approve it on their electronic scoresheets, so the board's scoresheet reads the game's file as its"
            + " players do), or an arbiter of the board's hall", playerOfGame(), deviceOfBoard(), hallArbiter()),

    /** The player himself, or the chief arbiter entering it for him. */
    REQUEST_BYE("the player requests his own bye (C.04.2 byes on request), or the chief arbiter enters it",
            playerHimself(), chiefArbiter()),

    /**
     * Any arbiter of the tournament (the chief or one of any hall: players have no hall before round 1), or the player
     * himself on a hall tablet; also undoing a check-in made by mistake.
     */
    CHECK_IN("an arbiter of the tournament checks a player in before round 1, or the player checks himself in (FIDE"
            + " Arbiters' Manual, current practice: players confirm their presence before the first round is paired;"
            + " C.04.2: the arbiter pairs only the players present)", anyArbiterOfTournament(), playerHimself()),

    /** The player himself. */
    REQUEST_WITHDRAWAL("the player requests his own withdrawal; the chief arbiter decides it (WITHDRAW_PLAYER)",
            playerHimself()),

    /**
     * The player of the side, a device of the board, an arbiter of its hall, or the services relaying a press between
     * the game and its clock.
     */
    PRESS_CLOCK("the player of the side presses his clock (FIDE 2018 6.2.1), or a device of the board, or an arbiter"
            + " of its hall, or the game and clock services relaying a press between the game and its clock",
            playerOfSide(), deviceOfBoard(), hallArbiter(), services("game", "clock")),

    /** An arbiter of the hall: start, pause, resume, stop; the services that run clocks react the same way. */
    CONTROL_CLOCK("an arbiter of the board's hall starts, pauses, resumes or stops its clock (FIDE 2018 6.11-6.12),"
            + " or the game or clock service reacting to the game", hallArbiter(),
            services("game", "clock", "clock-scheduler")),

    /**
     * A device assigned to the board: keeps a player's electronic scoresheet of the board's game (the moves of both
     * players, offers, claims, the result) and sends what he records.
     */
    KEEP_SCORESHEET("a device the arbiter assigned to the board keeps a player's electronic scoresheet of its game"
            + " (FIDE 2018 8.1.1, 11.3.2: a device approved by the arbiter; 2023 8.1.1.2: the electronic scoresheet"
            + " prescribed for the competition)", deviceOfBoard()),

    /** Any service account: a reaction between services (flag checks, relays). */
    SERVICE_REACTION("a service reacts to another service's events (client credentials only)", anyService());

    private final String rule;
    private final List<Grant> grants;

    Permission(String rule, Grant... grants) {
        this.rule = rule;
        this.grants = List.of(grants);
    }

    /** The rule, for people, with the article it rests on. */
    public String rule() {
        return rule;
    }

    /** The ways to hold this permission, in the order they are tried. */
    public List<Grant> grants() {
        return grants;
    }

    /** Whether some grant can hold without an existing tournament (creating one, a service's reaction). */
    public boolean needsNoTournament() {
        return grants.stream().anyMatch(Grant::needsNoTournament);
    }

    /** The roles of a token that could hold this permission, e.g. "organiser|arbiter". */
    public String roles() {
        return grants.stream().map(g -> g.role().claimName()).distinct().collect(Collectors.joining("|"));
    }
}
