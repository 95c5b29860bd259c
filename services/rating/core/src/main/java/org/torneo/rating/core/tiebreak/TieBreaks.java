package org.torneo.rating.core.tiebreak;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The catalogue of supported C.07 tie-breaks by code, and a one-call way to compute a list of them. */
public final class TieBreaks {

    private static final Map<String, TieBreak> BY_CODE = List.of(new Pts(), new De(), new Win(), new Won(),
                    new Bpg(), new Bwg(), new Ps(), new Rep(), new Bh(), new Fb(), new Aob(), new Sb(), new Ks(),
                    new Aro(), new Tpr(), new Ptp(), new Apro(), new Appo())
            .stream().collect(Collectors.toUnmodifiableMap(TieBreak::code, Function.identity()));

    private TieBreaks() {
    }

    public static TieBreak byCode(String code) {
        TieBreak tb = BY_CODE.get(code);
        if (tb == null) {
            throw new IllegalArgumentException("unknown tie-break code '" + code + "' (known: "
                    + BY_CODE.keySet().stream().sorted().collect(Collectors.joining(", ")) + ")");
        }
        return tb;
    }

    public static java.util.Set<String> codes() {
        return BY_CODE.keySet();
    }
}
