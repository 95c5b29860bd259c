/**
 * The tournament stream: commands to and events from the tournament aggregate (pairing service).
 * Scores travel in half-points ({@link org.torneo.contracts.tournament.Score}).
 */
package org.torneo.contracts.tournament;
