package org.torneo.pairing.dutch;

/** C.04.3 1.4: the float of a player in an earlier round. */
enum FloatDirection { DOWN, UP, NONE }
