package org.torneo.pairing.tournament;

/**
 * A pairing system: pure, deterministic for a given request (lots come from {@link PairingRequest#seed()}).
 * Implementations: {@link org.torneo.pairing.roundrobin.RoundRobinPairing},
 * {@link org.torneo.pairing.harkness.HarknessPairing}; the FIDE Dutch engine plugs in the same way.
 */
@FunctionalInterface
public interface PairingSystem {

    PairingOutcome pair(PairingRequest request);
}
