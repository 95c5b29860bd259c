/**
 * The rules of each edition of the Laws (FIDE Code ~1970, 1997, 2001, 2018) for each category (standard, rapid,
 * blitz) as one immutable value: {@link org.torneo.game.core.ruleset.Ruleset#of}. The game service consults only
 * this value; event regulations go on top with {@link org.torneo.game.core.ruleset.EventRules}.
 * {@link org.torneo.game.core.ruleset.RepetitionIdentity} gives each edition's "same position" as a key.
 */
package org.torneo.game.core.ruleset;
