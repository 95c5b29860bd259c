package org.torneo.contracts.tournament;

import java.util.Objects;

/** A playing hall and the inclusive range of board numbers placed in it. */
public record Hall(String name, int firstBoard, int lastBoard) {

    public Hall {
        Objects.requireNonNull(name, "name");
        if (firstBoard < 1 || lastBoard < firstBoard) {
            throw new IllegalArgumentException("hall '" + name + "': board range " + firstBoard + "-" + lastBoard
                    + " is empty or starts below 1");
        }
    }

    public boolean holds(int board) {
        return board >= firstBoard && board <= lastBoard;
    }
}
