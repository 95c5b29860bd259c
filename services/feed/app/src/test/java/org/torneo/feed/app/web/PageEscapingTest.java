package org.torneo.feed.app.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.torneo.contracts.EventMessage;
import org.torneo.contracts.tournament.Board;
import org.torneo.contracts.tournament.Hall;
import org.torneo.feed.core.Chain;
import org.torneo.feed.core.FeedModel;

/**
 * Names come from organisers and imported files: a player, tournament or hall named with markup shows as text on
 * every page the templates render (Qute escapes each value), and in a page's script call it cannot close the
 * script element.
 */
class PageEscapingTest {

    private static final String T = "open-xss";
    private static final String PLAYER = "<script>alert('p')</script>";
    private static final String TOURNAMENT = "Open </script><b>bold</b>";
    private static final String HALL = "Hall \"A\" <i>";
    private final Chain chain = new Chain();
    private final FeedModel model = new FeedModel(java.time.Clock.systemUTC());
    private final Pages pages = Templates.fill(new Pages());
    private final Prints prints = Templates.fill(new Prints());
    private final Screens screens = Templates.fill(new Screens());

    private void given(String aggregate, EventMessage event) {
        model.apply(chain.seal(aggregate, event));
    }

    @BeforeEach
    void givenATournamentWhoseNamesHoldMarkup() {
        pages.model = model;
        prints.model = model;
        screens.model = model;
        given(T, Chain.created(T, TOURNAMENT, List.of(new Hall(HALL, 1, 10))));
        given(T, Chain.player(T, "p1", PLAYER, 2100));
        given(T, Chain.player(T, "p2", "Bravo, Luis", 2000));
        given(T, Chain.paired(T, 1, List.of(new Board(1, null, "p1", "p2")), List.of()));
        given("g1", Chain.started(T, 1, 1, "p1", "p2", HALL));
    }

    @Test
    void everyPageShowsTheMarkupAsText() {
        List<String> shown = new ArrayList<>(List.of(pages.index("en", null), pages.tournament(T, "en", null),
                pages.round(T, "1", null, "en", null), pages.game("g1", "es", null), pages.standings(T, "en", null),
                pages.player(T, "p1", "en", null), prints.index(T, "en", null),
                screens.screen(T, HALL, null, null, "en", null)));
        for (String list : Prints.LISTS) {
            shown.add(prints.list(T, list, list.equals("pairings") || list.equals("results")
                    || list.equals("alphabetical") ? "1" : null, null, "en", null));
        }
        for (String page : shown) {
            assertFalse(page.contains("<script>alert"), page);
            assertFalse(page.contains("<b>bold</b>"), page);
            assertFalse(page.contains("<i>\""), page);
            assertTrue(page.contains("&lt;script&gt;alert(&#39;p&#39;)&lt;/script&gt;")
                    || page.contains("Open &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;"), page);
        }
        String round = pages.round(T, "1", null, "en", null);
        assertTrue(round.contains("<h2>Hall &quot;A&quot; &lt;i&gt;</h2>"), round);
        assertTrue(round.contains("<title>Open &lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; · Round 1 · Torneo</title>"), round);
    }

    @Test
    void aScriptCallCannotCloseItsScriptElement() {
        String screen = screens.screen(T, HALL, null, null, "en", null);
        assertTrue(screen.contains("feedScreen(\"open-xss\",\"Hall \\\"A\\\" \\u003ci\\u003e\",1,"), screen);
        int script = screen.indexOf("<script>feedScreen(");
        assertTrue(script > 0 && screen.indexOf("</script>", script) == screen.indexOf(");</script>", script) + 2,
                "the call ends where its element does: " + screen);
    }
}
