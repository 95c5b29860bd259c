package org.torneo.clock.core.timecontrol;

import java.util.Objects;
import org.torneo.contracts.Side;
import org.torneo.contracts.clock.TimeControl;

/** The controls of the two players: equal in nearly every game, different in Armageddon. */
public record SideControls(TimeControl white, TimeControl black) {

    public SideControls {
        Objects.requireNonNull(white, "white");
        Objects.requireNonNull(black, "black");
    }

    public boolean same() {
        return white.equals(black);
    }

    public TimeControl of(Side side) {
        return side == Side.WHITE ? white : black;
    }

    /** TRF-26 tag 222: one control, or "W300-B240" when they differ. */
    public String trf() {
        return same() ? TimeControlFormat.trf(white) : "W" + TimeControlFormat.trf(white) + "-B" + TimeControlFormat.trf(black);
    }

    /** The usual notation, or "White 5, Black 4" when they differ. */
    public String human() {
        return same() ? TimeControlFormat.human(white)
                : "White " + TimeControlFormat.human(white) + ", Black " + TimeControlFormat.human(black);
    }
}
