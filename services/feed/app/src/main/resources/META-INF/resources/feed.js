// Torneo live feed: the live parts of the pages, on the tournament's Server-Sent Events.
"use strict";

var PIECES = { K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", N: "\u2658", P: "\u2659",
               k: "\u265A", q: "\u265B", r: "\u265C", b: "\u265D", n: "\u265E", p: "\u265F" };

function feedDrawBoard(el, fen) {
  var rows = fen.split(" ")[0].split("/");
  var html = "";
  for (var r = 0; r < 8; r++) {
    var file = 0;
    var row = rows[r] || "8";
    for (var i = 0; i < row.length; i++) {
      var c = row.charAt(i);
      var empty = /[1-8]/.test(c) ? parseInt(c, 10) : 0;
      var cells = empty || 1;
      for (var k = 0; k < cells; k++) {
        var square = String.fromCharCode(97 + file) + (8 - r);
        html += '<div data-square="' + square + '" class="' + ((r + file) % 2 === 0 ? "l" : "d") + '">'
          + (empty ? "" : (PIECES[c] || "")) + "</div>";
        file++;
      }
    }
  }
  el.innerHTML = html;
  el.setAttribute("data-fen", fen);
}

function feedClockText(ms) {
  var s = Math.max(0, Math.floor(ms / 1000));
  var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, sec = s % 60;
  return h + ":" + (m < 10 ? "0" : "") + m + ":" + (sec < 10 ? "0" : "") + sec;
}

function feedStream(tournament, query, handlers, statusEl, texts) {
  var url = "/api/tournaments/" + encodeURIComponent(tournament) + "/events" + query;
  var source = new EventSource(url); // the browser resends Last-Event-ID itself on reconnect
  source.onopen = function () { if (statusEl) statusEl.textContent = texts ? texts[0] : ""; };
  source.onerror = function () { if (statusEl) statusEl.textContent = texts ? texts[1] : ""; };
  Object.keys(handlers).forEach(function (type) {
    source.addEventListener(type, function (e) { handlers[type](JSON.parse(e.data), e.lastEventId); });
  });
  return source;
}

// The live board: diagram, move list, both clocks running down from the last reading.
function feedGame(tournament, gameId, after, round, board, moves, clock, serverNow, liveText, reconnectingText, lang) {
  var skew = serverNow - Date.now();
  var byPly = {};
  moves.forEach(function (m) { byPly[m.ply] = m; });
  var boardEl = document.getElementById("board");
  feedDrawBoard(boardEl, boardEl.getAttribute("data-fen"));
  function renderMoves() {
    var plies = Object.keys(byPly).map(Number).sort(function (a, b) { return a - b; });
    var ol = document.getElementById("moves");
    ol.innerHTML = "";
    var li = null;
    plies.forEach(function (p) {
      var m = byPly[p];
      if (m.side === "WHITE" || li === null) {
        li = document.createElement("li");
        li.value = Math.ceil(p / 2);
        ol.appendChild(li);
      }
      var span = document.createElement("span");
      span.className = "move";
      span.setAttribute("data-ply", p);
      span.textContent = (m.side === "BLACK" && li.childNodes.length === 0 ? "… " : "") + m.san + " ";
      li.appendChild(span);
    });
  }
  function tick() {
    var w = document.getElementById("clock-white"), b = document.getElementById("clock-black");
    if (!clock) return;
    var now = Date.now() + skew;
    var white = clock.whiteMillis, black = clock.blackMillis;
    if (clock.running === "WHITE") white -= now - clock.at;
    if (clock.running === "BLACK") black -= now - clock.at;
    w.textContent = feedClockText(white);
    b.textContent = feedClockText(black);
    w.className = "clock" + (clock.running === "WHITE" ? " running" : "");
    b.className = "clock" + (clock.running === "BLACK" ? " running" : "");
  }
  renderMoves();
  tick();
  setInterval(tick, 200);
  var mine = function (d) { return d.gameId === gameId; };
  // offers, claims, rulings, irregularities: the feed words them in both languages
  function notice(kind, d) {
    var li = document.createElement("li");
    li.setAttribute("data-kind", kind);
    li.textContent = d.text ? (d.text[lang] || d.text.en) : kind;
    document.getElementById("notices").appendChild(li);
  }
  feedStream(tournament, "?round=" + round + "&board=" + board + "&lastEventId=" + after, {
    move: function (d) {
      if (!mine(d)) return;
      Object.keys(byPly).forEach(function (p) { if (Number(p) >= d.ply) delete byPly[p]; });
      byPly[d.ply] = d;
      feedDrawBoard(boardEl, d.fen);
      if (d.clock) clock = d.clock;
      renderMoves();
      tick();
    },
    takeback: function (d) {
      if (!mine(d)) return;
      notice("takeback", d);
      Object.keys(byPly).forEach(function (p) { if (Number(p) > d.keptPlies) delete byPly[p]; });
      feedDrawBoard(boardEl, d.fen);
      renderMoves();
    },
    clock: function (d) { if (mine(d) && d.whiteMillis !== undefined) { clock = d; tick(); } },
    claim: function (d) { if (mine(d)) notice(d.kind, d); },
    irregularity: function (d) { if (mine(d)) notice("irregularity", d); },
    adjourned: function (d) { if (mine(d)) notice("adjourned", d); },
    resumed: function (d) { if (mine(d)) notice("resumed", d); },
    // the names and ratings on the page are the old pair's: show the page of the corrected game
    playersCorrected: function (d) { if (mine(d)) { notice("playersCorrected", d); location.reload(); } },
    // a pairing correction cancelled the game before it began: no result, the clocks stop
    gameCancelled: function (d) {
      if (!mine(d)) return;
      notice("gameCancelled", d);
      var result = document.getElementById("result");
      result.textContent = d.text ? (d.text[lang] || d.text.en) : "";
      result.className = "result cancelled";
      if (clock) { clock.running = null; tick(); }
    },
    result: function (d) {
      if (d.gameId !== gameId) return;
      document.getElementById("result").textContent = d.result;
      if (clock) { clock.running = null; tick(); }
    }
  }, document.getElementById("status"), [liveText, reconnectingText]);
}

// Round pairings: results fill in as they arrive; a new or corrected pairing reloads the page.
// Every page streams from the last event id it was rendered with, so nothing is missed or replayed.
function feedRound(tournament, round, after) {
  feedStream(tournament, "?round=" + round + "&lastEventId=" + after, {
    result: function (d) {
      var row = document.querySelector('tr[data-board="' + d.board + '"] td.result');
      if (!row) return;
      var link = row.querySelector("a");
      (link || row).textContent = d.result;
    },
    pairings: function (d) { if (d.round === round) location.reload(); },
    gameCancelled: function (d) { if (d.round === round) location.reload(); }
  });
}

// Standings: reload when new standings or results come.
function feedReloadOn(tournament, after) {
  feedStream(tournament, "?lastEventId=" + after, {
    standings: function () { location.reload(); },
    result: function () { location.reload(); }
  });
}

// A hall's screen: the views (pairings, results, standings) take turns, each shown a page of rows at a time (as
// many as the screen holds); results come in live on the stream and refresh the standings view (live points); a new
// pairing or new standings reload the page.
function feedScreen(tournament, hall, round, after, pinned, rotateSeconds, liveText, reconnectingText) {
  var views = Array.prototype.slice.call(document.querySelectorAll("section.view"));
  var current = 0, page = 0;
  if (pinned) {
    views.forEach(function (v, i) { if (v.getAttribute("data-view") === pinned) current = i; });
  }
  function rowsOf(view) {
    return Array.prototype.slice.call(view.querySelectorAll("tbody tr")).filter(function (tr) {
      return !tr.classList.contains("pending");
    });
  }
  // how many rows fit under the table's header on this screen
  function perPage(view) {
    var rows = rowsOf(view);
    if (rows.length === 0) return 1;
    rows.forEach(function (tr) { tr.style.display = ""; });
    var body = view.querySelector("tbody");
    var top = body.getBoundingClientRect().top;
    var height = rows[0].getBoundingClientRect().height || 1;
    return Math.max(1, Math.floor((window.innerHeight - top - 8) / height));
  }
  function show() {
    views.forEach(function (v, i) { v.hidden = i !== current; });
    var view = views[current];
    var rows = rowsOf(view);
    var n = perPage(view);
    var pages = Math.max(1, Math.ceil(rows.length / n));
    if (page >= pages) page = 0;
    rows.forEach(function (tr, i) { tr.style.display = i >= page * n && i < (page + 1) * n ? "" : "none"; });
    return pages;
  }
  function step() {
    var pages = show();
    page++;
    if (page >= pages) {
      page = 0;
      if (!pinned) current = (current + 1) % views.length;
      // the stream brings this hall's results only: other halls' show when the standings' turn comes round again
      if (views[current].getAttribute("data-view") === "standings") refreshStandings();
    }
  }
  step();
  if (rotateSeconds > 0) setInterval(function () { show(); step(); }, rotateSeconds * 1000);
  window.addEventListener("resize", show);
  // a result changes the standings (live points during a round): the standings view is read again from this page's
  // own address, at most once per quarter second however many results arrive, and swapped in where it stands
  var standingsDue = null, standingsAgain = false;
  function refreshStandings() {
    if (!document.querySelector('section.view[data-view="standings"]')) return;
    if (standingsDue) { standingsAgain = true; return; } // a result during a read: read once more after it
    standingsAgain = false;
    standingsDue = setTimeout(function () {
      fetch(location.href, { headers: { "Accept": "text/html" }, cache: "no-store" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html")
            .querySelector('section.view[data-view="standings"]');
          var now = document.querySelector('section.view[data-view="standings"]');
          if (fresh && now) {
            now.innerHTML = fresh.innerHTML;
            show();
          }
        })
        .catch(function () { /* the screen keeps what it shows; the next result reads again */ })
        .then(function () {
          standingsDue = null;
          if (standingsAgain) refreshStandings();
        });
    }, 250);
  }
  var status = document.getElementById("status");
  feedStream(tournament, "?hall=" + encodeURIComponent(hall) + "&lastEventId=" + after, {
    result: function (d) {
      if (d.round !== round || d.hall !== hall) return;
      document.querySelectorAll('tr[data-board="' + d.board + '"]').forEach(function (tr) {
        tr.querySelector("td.result").textContent = d.result;
        if (tr.classList.contains("pending")) {
          tr.classList.remove("pending");
          tr.classList.add("arrived");
        }
      });
      var finished = document.getElementById("finished");
      if (finished) finished.textContent = document.querySelectorAll("table.results tbody tr:not(.pending)").length;
      show();
      refreshStandings();
    },
    pairings: function (d) { if (d.round >= round) location.reload(); },
    gameCancelled: function (d) { if (d.round === round) location.reload(); },
    standings: function () { location.reload(); }
  }, status, [liveText, reconnectingText]);
}
