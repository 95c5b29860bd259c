package org.torneo.pairing.tournament;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.torneo.contracts.tournament.ByeKind;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.PairingSystemKind;
import org.torneo.contracts.tournament.TieBreakCodes;
import org.torneo.contracts.tournament.TournamentCommand.CreateTournament;
import org.torneo.contracts.tournament.TournamentCommand.AllowPairing;
import org.torneo.contracts.tournament.TournamentCommand.ForbidPairing;
import org.torneo.contracts.tournament.TournamentCommand.RegisterPlayer;
import org.torneo.contracts.tournament.TournamentCommand.RequestBye;
import org.torneo.contracts.tournament.TournamentCommand.WithdrawPlayer;
import org.torneo.contracts.tournament.TournamentEvent.ByeRequested;
import org.torneo.contracts.tournament.TournamentEvent.PairingAllowed;
import org.torneo.contracts.tournament.TournamentEvent.PairingForbidden;
import org.torneo.contracts.tournament.TournamentEvent.PlayerRegistered;
import org.torneo.contracts.tournament.TournamentEvent.PlayerWithdrew;
import org.torneo.contracts.tournament.TournamentEvent.TournamentCreated;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.pairing.tournament.TournamentState.Player;

import static org.torneo.pairing.tournament.TournamentRefusals.activePlayer;
import static org.torneo.pairing.tournament.TournamentRefusals.knownPlayer;
import static org.torneo.pairing.tournament.TournamentRefusals.reject;
import static org.torneo.pairing.tournament.TournamentRefusals.requireText;

/** The tournament created, players registered and withdrawn, byes requested, pairings forbidden. */
final class RegistrationDecisions {

    private final Map<PairingSystemKind, PairingSystem> systems;

    RegistrationDecisions(Map<PairingSystemKind, PairingSystem> systems) {
        this.systems = systems;
    }

    List<TournamentEvent> create(CreateTournament c, TournamentState state) {
        if (state.created()) {
            throw reject(RefusalReason.ALREADY_CREATED, "tournament '" + state.tournamentId() + "' already exists");
        }
        requireText(c.tournamentId(), "tournament id");
        requireText(c.name(), "tournament name");
        requireText(c.rulesetId(), "ruleset id");
        if (!systems.containsKey(c.system())) {
            throw reject(RefusalReason.SYSTEM_UNAVAILABLE, "pairing system '" + c.system().wireName()
                    + "' is not available in this build");
        }
        if (!c.system().isRoundRobin() && c.rounds() < 1) {
            throw reject(RefusalReason.INVALID, "a Swiss needs at least 1 round, got " + c.rounds());
        }
        if (c.rounds() > org.torneo.trf.TrfReader.MAX_ROUNDS) {
            // the bound of the TRF reader (XXR): a tournament is exported as TRF and must read back
            throw reject(RefusalReason.INVALID, "at most " + org.torneo.trf.TrfReader.MAX_ROUNDS + " rounds, got " + c.rounds());
        }
        if (c.system().isRoundRobin() && c.rounds() != 0) {
            throw reject(RefusalReason.INVALID, "a round robin's rounds follow from the field (Berger tables); give 0, not "
                    + c.rounds());
        }
        Set<String> hallNames = new HashSet<>();
        List<Hall> byRange = new ArrayList<>(c.halls());
        byRange.sort(Comparator.comparingInt(Hall::firstBoard));
        for (int i = 0; i < byRange.size(); i++) {
            Hall hall = byRange.get(i);
            if (!hallNames.add(hall.name())) {
                throw reject(RefusalReason.INVALID, "hall '" + hall.name() + "' is listed twice");
            }
            if (i > 0 && hall.firstBoard() <= byRange.get(i - 1).lastBoard()) {
                throw reject(RefusalReason.INVALID, "halls '" + byRange.get(i - 1).name() + "' and '" + hall.name()
                        + "' both hold board " + hall.firstBoard());
            }
        }
        requireTieBreakCodes(c.tieBreaks());
        OrganiserRules.checkCreation(c);
        return List.of(new TournamentCreated(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.name(), c.system(),
                c.rounds(), c.scoring(), c.rulesetId(), c.halls(), c.timeControl(), c.tieBreaks(), c.prizes(),
                c.eventId(), c.eventName(), c.byeRules(), c.lastEntryRound()));
    }

    /**
     * The tie-breaks are announced before the start (C.07 2): each a known C.07 code with its modifiers, each
     * once. The rating service computes them.
     */
    private static void requireTieBreakCodes(List<String> tieBreaks) {
        Set<String> seen = new HashSet<>();
        for (String code : tieBreaks) {
            TieBreakCodes.problem(code).ifPresent(problem -> {
                throw reject(RefusalReason.INVALID, problem);
            });
            if (!seen.add(code.toUpperCase(java.util.Locale.ROOT))) {
                throw reject(RefusalReason.INVALID, "tie-break '" + code + "' is listed twice");
            }
        }
    }

    List<TournamentEvent> register(RegisterPlayer c, TournamentState state) {
        requireText(c.playerId(), "player id");
        requireText(c.name(), "player name");
        if (state.players().containsKey(c.playerId())) {
            throw reject(RefusalReason.DUPLICATE_REGISTRATION, "player '" + c.playerId() + "' is already registered");
        }
        if (c.rating() < 0) {
            throw reject(RefusalReason.INVALID, "rating of '" + c.playerId() + "' is negative (" + c.rating() + "); 0 means unrated");
        }
        if (c.rating() > org.torneo.trf.TrfReader.MAX_RATING) {
            // the bound of the TRF reader: the tournament's TRF export must read back
            throw reject(RefusalReason.INVALID, "rating of '" + c.playerId() + "' is " + c.rating() + ", above "
                    + org.torneo.trf.TrfReader.MAX_RATING);
        }
        String title = org.torneo.entries.EntryFiles.fideTitle(c.title());
        if (title == null) {
            // FIDE Handbook B.01 (Title Regulations) 0.2: the titles FIDE awards over the board
            throw reject(RefusalReason.INVALID, "title of '" + c.playerId() + "' is '" + c.title() + "', not a FIDE title ("
                    + String.join(", ", org.torneo.entries.EntryFiles.TITLES.stream().sorted().toList()) + ")");
        }
        if (!org.torneo.entries.EntryFiles.isFederation(c.federation())) {
            throw reject(RefusalReason.INVALID, "federation of '" + c.playerId() + "' is '" + c.federation() + "', not a"
                    + " federation's three capital letters (e.g. ESP)");
        }
        if (state.system().isRoundRobin()) {
            if (state.lastRound() > 0) {
                throw reject(RefusalReason.ROUND_ALREADY_PAIRED, "round robin: the Berger table is fixed once round 1 is"
                        + " paired; '" + c.playerId() + "' cannot enter late");
            }
            if (c.joinsRound() != 1) {
                throw reject(RefusalReason.NOT_FOR_ROUND_ROBIN, "round robin: every player plays from round 1, not round "
                        + c.joinsRound());
            }
        } else {
            if (c.joinsRound() < 1 || c.joinsRound() > state.totalRounds()) {
                throw reject(RefusalReason.INVALID, "joining round " + c.joinsRound() + " is outside rounds 1.."
                        + state.totalRounds());
            }
            // the organiser's entry deadline first: once it has passed, no round is open to an entrant
            OrganiserRules.checkEntryDeadline(c, state);
            if (c.joinsRound() <= state.lastRound()) {
                throw reject(RefusalReason.ROUND_ALREADY_PAIRED, "round " + c.joinsRound() + " is already paired; a late"
                        + " entrant can join round " + (state.lastRound() + 1) + " at the earliest");
            }
        }
        return List.of(new PlayerRegistered(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.playerId(),
                c.name(), c.rating(), c.joinsRound(), title, c.federation()));
    }

    List<TournamentEvent> withdraw(WithdrawPlayer c, TournamentState state) {
        Player player = knownPlayer(state, c.playerId());
        if (player.withdrawn()) {
            throw reject(RefusalReason.PLAYER_WITHDRAWN, "player '" + c.playerId() + "' has already withdrawn");
        }
        return List.of(new PlayerWithdrew(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.playerId(),
                c.reason() == null ? "" : c.reason()));
    }

    List<TournamentEvent> requestBye(RequestBye c, TournamentState state) {
        Player player = activePlayer(state, c.playerId());
        if (state.system().isRoundRobin()) {
            throw reject(RefusalReason.NOT_FOR_ROUND_ROBIN, "round robin: the games are fixed by the Berger table;"
                    + " a player cannot take a bye");
        }
        if (c.kind() != ByeKind.HALF_POINT && c.kind() != ByeKind.ZERO_POINT) {
            throw reject(RefusalReason.INVALID, "a player may request a HALF_POINT or ZERO_POINT bye, not " + c.kind());
        }
        if (c.round() <= state.lastRound()) {
            throw reject(RefusalReason.ROUND_ALREADY_PAIRED, "round " + c.round() + " is already paired");
        }
        if (c.round() > state.totalRounds()) {
            throw reject(RefusalReason.INVALID, "round " + c.round() + " is beyond the last round " + state.totalRounds());
        }
        if (c.round() < player.joinsRound()) {
            throw reject(RefusalReason.INVALID, "'" + c.playerId() + "' joins in round " + player.joinsRound()
                    + "; no bye can be requested for round " + c.round());
        }
        if (state.requestedByes().getOrDefault(c.round(), Map.of()).containsKey(c.playerId())) {
            throw reject(RefusalReason.INVALID, "'" + c.playerId() + "' already has a bye for round " + c.round());
        }
        if (c.kind() == ByeKind.HALF_POINT) {
            OrganiserRules.checkHalfPointBye(c, state);
        }
        return List.of(new ByeRequested(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.playerId(), c.round(),
                c.kind()));
    }

    /**
     * C.04.1.b: the event's regulations may forbid two players to meet (same family or club); the pairing system then
     * treats them as players who already met, an absolute criterion (C.04.3 C1). Declared by the organiser or the chief
     * arbiter (FIDE practice; the seeds are silent on who), it holds from the next round paired on.
     */
    List<TournamentEvent> forbid(ForbidPairing c, TournamentState state) {
        pairOfPlayers(state, c.firstPlayerId(), c.secondPlayerId(), "forbidden to meet");
        if (state.isForbidden(c.firstPlayerId(), c.secondPlayerId())) {
            throw reject(RefusalReason.INVALID, "'" + c.firstPlayerId() + "' and '" + c.secondPlayerId()
                    + "' are already forbidden to meet");
        }
        return List.of(new PairingForbidden(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.firstPlayerId(),
                c.secondPlayerId(), c.reason() == null ? "" : c.reason()));
    }

    /** A forbidden pairing lifted (declared by mistake, or forbidden for some rounds only): they may meet again. */
    List<TournamentEvent> allow(AllowPairing c, TournamentState state) {
        pairOfPlayers(state, c.firstPlayerId(), c.secondPlayerId(), "allowed to meet");
        if (!state.isForbidden(c.firstPlayerId(), c.secondPlayerId())) {
            throw reject(RefusalReason.NOT_FORBIDDEN, "'" + c.firstPlayerId() + "' and '" + c.secondPlayerId()
                    + "' are not forbidden to meet: nothing to lift");
        }
        return List.of(new PairingAllowed(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.firstPlayerId(),
                c.secondPlayerId(), c.reason() == null ? "" : c.reason()));
    }

    private static void pairOfPlayers(TournamentState state, String first, String second, String what) {
        knownPlayer(state, first);
        knownPlayer(state, second);
        if (state.system().isRoundRobin()) {
            // C.05: a round robin's Berger tables pair everyone with everyone
            throw reject(RefusalReason.NOT_FOR_ROUND_ROBIN, "round robin: everyone meets everyone (C.05 Berger tables);"
                    + " no pair can be " + what.replace(" to meet", "") + " there");
        }
        if (first.equals(second)) {
            throw reject(RefusalReason.INVALID, "a player cannot be " + what + " himself ('" + first + "')");
        }
    }
}
