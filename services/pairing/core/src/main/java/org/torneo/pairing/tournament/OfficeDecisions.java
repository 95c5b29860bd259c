package org.torneo.pairing.tournament;

import java.util.List;
import java.util.stream.Collectors;

import org.torneo.contracts.Actor;
import org.torneo.contracts.tournament.BroadcastDelayMode;
import org.torneo.contracts.tournament.Hall;
import org.torneo.contracts.tournament.TournamentCommand.AppointArbiter;
import org.torneo.contracts.tournament.TournamentCommand.AssignDevice;
import org.torneo.contracts.tournament.TournamentCommand.DismissArbiter;
import org.torneo.contracts.tournament.TournamentCommand.LinkPlayerAccount;
import org.torneo.contracts.tournament.TournamentCommand.SetBroadcastDelay;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterAppointed;
import org.torneo.contracts.tournament.TournamentEvent.ArbiterDismissed;
import org.torneo.contracts.tournament.TournamentEvent.BroadcastDelaySet;
import org.torneo.contracts.tournament.TournamentEvent.DeviceAssigned;
import org.torneo.contracts.tournament.TournamentEvent.PlayerAccountLinked;
import org.torneo.contracts.tournament.TournamentEvent;
import org.torneo.identity.Permission;
import org.torneo.identity.Scope;
import org.torneo.identity.TournamentAuthority.Appointment;
import org.torneo.identity.TournamentAuthority;
import org.torneo.identity.Verdict;

import static org.torneo.pairing.tournament.TournamentDecider.MAX_BROADCAST_DELAY_SECONDS;
import static org.torneo.pairing.tournament.TournamentRefusals.knownPlayer;
import static org.torneo.pairing.tournament.TournamentRefusals.reject;
import static org.torneo.pairing.tournament.TournamentRefusals.requireText;

/**
 * The tournament's offices: arbiters appointed and dismissed, player accounts linked, devices assigned to boards,
 * the broadcast delay.
 */
final class OfficeDecisions {

    OfficeDecisions() {
    }

    /**
     * Appoints an arbiter. Who may: a chief arbiter only the organiser (FIDE Arbiters' Manual, current practice: the
     * organiser appoints the chief arbiter); a hall arbiter the organiser or a chief arbiter (current practice: the
     * chief arbiter deploys his team; the seeds are silent). Re-appointing a chief arbiter as a hall arbiter takes the
     * organiser too. Several chief arbiters may serve (a deputy chief arbiter acts with the chief's powers).
     */
    List<TournamentEvent> appointArbiter(AppointArbiter c, TournamentState state) {
        requireText(c.account(), "arbiter's account");
        TournamentAuthority offices = state.authority();
        boolean touchesChief = c.chief() || offices.appointment(c.account()).map(Appointment::chief).orElse(false);
        requireAuthority(c.actor(), touchesChief ? Permission.APPOINT_CHIEF_ARBITER : Permission.APPOINT_ARBITER, state);
        if (c.chief()) {
            if (!c.halls().isEmpty()) {
                throw reject(RefusalReason.INVALID, "a chief arbiter serves every hall: give no halls, not " + c.halls());
            }
        } else {
            requireHalls(c.halls(), state);
        }
        return List.of(new ArbiterAppointed(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.account(), c.chief(),
                c.halls()));
    }

    /** Ends an appointment: a chief arbiter's by the organiser, a hall arbiter's by the organiser or a chief arbiter. */
    List<TournamentEvent> dismissArbiter(DismissArbiter c, TournamentState state) {
        requireText(c.account(), "arbiter's account");
        Appointment appointment = state.authority().appointment(c.account()).orElseThrow(() ->
                reject(RefusalReason.NOT_AN_ARBITER, "'" + c.account() + "' is not an arbiter of " + state.tournamentId()));
        requireAuthority(c.actor(), appointment.chief() ? Permission.APPOINT_CHIEF_ARBITER : Permission.APPOINT_ARBITER,
                state);
        return List.of(new ArbiterDismissed(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.account(),
                c.reason()));
    }

    /** Links an account to a registered player (the organiser or a chief arbiter); a new link replaces older ones. */
    List<TournamentEvent> linkPlayerAccount(LinkPlayerAccount c, TournamentState state) {
        requireText(c.account(), "player's account");
        requireAuthority(c.actor(), Permission.LINK_PLAYER_ACCOUNT, state);
        knownPlayer(state, c.playerId());
        return List.of(new PlayerAccountLinked(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.account(),
                c.playerId()));
    }

    /**
     * Assigns a device to boards of a hall (the organiser or an arbiter of that hall): the hall must be one of the
     * tournament's (none in a tournament without halls) and every board in its range.
     */
    List<TournamentEvent> assignDevice(AssignDevice c, TournamentState state) {
        requireText(c.account(), "device's account");
        Hall hall = null;
        if (state.halls().isEmpty()) {
            if (c.hall() != null) {
                throw reject(RefusalReason.INVALID, "tournament " + state.tournamentId() + " has no halls; give no hall, not '"
                        + c.hall() + "'");
            }
        } else {
            if (c.hall() == null) {
                throw reject(RefusalReason.INVALID, "name the hall of the device's boards (halls: " + hallNames(state) + ")");
            }
            hall = state.halls().stream().filter(h -> h.name().equals(c.hall())).findFirst().orElseThrow(() ->
                    reject(RefusalReason.INVALID, "no hall '" + c.hall() + "' in " + state.tournamentId() + " (halls: "
                            + hallNames(state) + ")"));
        }
        requireAuthority(c.actor(), Permission.ASSIGN_DEVICE, Scope.hall(state.tournamentId(), c.hall()), state);
        for (int board : c.boards()) {
            if (board < 1 || (hall != null && !hall.holds(board))) {
                throw reject(RefusalReason.INVALID, "board " + board + " is not a board of "
                        + (hall == null ? "the tournament" : "hall '" + hall.name() + "' (" + hall.firstBoard() + "-"
                        + hall.lastBoard() + ")"));
            }
        }
        return List.of(new DeviceAssigned(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.account(), c.hall(),
                c.boards(), c.side()));
    }

    /**
     * The organiser's delay of the public broadcast (anti-cheating; ECU rules Q.2.4: 15 minutes; the seeds are
     * silent, current practice): none, a fixed 1..3600 seconds, or after the game.
     */
    List<TournamentEvent> setBroadcastDelay(SetBroadcastDelay c, TournamentState state) {
        requireAuthority(c.actor(), Permission.SET_BROADCAST_DELAY, state);
        if (c.mode() == null) {
            throw reject(RefusalReason.INVALID, "mode: give NONE, FIXED (with seconds 1.." + MAX_BROADCAST_DELAY_SECONDS
                    + ") or AFTER_GAME");
        }
        if (c.mode() == BroadcastDelayMode.FIXED
                && (c.seconds() < 1 || c.seconds() > MAX_BROADCAST_DELAY_SECONDS)) {
            throw reject(RefusalReason.INVALID, "seconds: a FIXED broadcast delay is 1.." + MAX_BROADCAST_DELAY_SECONDS
                    + " seconds (one hour at most; longer is AFTER_GAME), not " + c.seconds());
        }
        if (c.mode() != BroadcastDelayMode.FIXED && c.seconds() != 0) {
            throw reject(RefusalReason.INVALID, "seconds: only a FIXED broadcast delay has seconds; " + c.mode()
                    + " takes 0, not " + c.seconds());
        }
        return List.of(new BroadcastDelaySet(c.tournamentId(), c.commandId(), c.actor(), c.at(), c.mode(),
                c.seconds()));
    }

    private static void requireHalls(List<String> halls, TournamentState state) {
        if (state.halls().isEmpty()) {
            if (!halls.isEmpty()) {
                throw reject(RefusalReason.INVALID, "tournament " + state.tournamentId() + " has no halls; an arbiter serves"
                        + " every board, give no halls, not " + halls);
            }
            return;
        }
        if (halls.isEmpty()) {
            throw reject(RefusalReason.INVALID, "name the halls the arbiter serves (halls: " + hallNames(state)
                    + "), or appoint him chief arbiter");
        }
        for (String name : halls) {
            if (state.halls().stream().noneMatch(h -> h.name().equals(name))) {
                throw reject(RefusalReason.INVALID, "no hall '" + name + "' in " + state.tournamentId() + " (halls: "
                        + hallNames(state) + ")");
            }
        }
    }

    private static String hallNames(TournamentState state) {
        return state.halls().stream().map(Hall::name).collect(Collectors.joining(", "));
    }

    private static void requireAuthority(Actor actor, Permission permission, TournamentState state) {
        requireAuthority(actor, permission, Scope.tournament(state.tournamentId()), state);
    }

    /** The recorded actor must hold the permission in the replayed offices; the verdict's reason is the message. */
    private static void requireAuthority(Actor actor, Permission permission, Scope scope, TournamentState state) {
        if (actor == null) {
            throw reject(RefusalReason.NOT_AUTHORISED, permission + " needs an actor");
        }
        Verdict verdict = state.authority().may(actor, permission, scope);
        if (verdict.denied()) {
            throw reject(RefusalReason.NOT_AUTHORISED, verdict.reason() + " (rule: " + verdict.rule() + ")");
        }
    }
}
