/*
 * Torneo's electronic scoresheet (issue 20): the player records both players' moves as written (FIDE 2018 8.1), marks
 * his draw offers (=), claims with the intended move, resigns and approves the result. No diagram, no legal-move
 * hint, no evaluation: the sheet shows what a paper scoresheet shows (FIDE 2018 11.3.1).
 *
 * Every action is kept on the device (localStorage) with a command id made here and the instant it was made, and sent
 * in order to the console (POST /sheet/{code}/actions) until the console answers that it has it: made offline, it is
 * sent when the network returns; sent twice, it is applied once (the console and the game service decide an id once).
 * A new console epoch (a restarted console) has everything sent again, so its log is rebuilt in order.
 */
(function () {
    'use strict';
    var main = document.getElementById('main');
    var code = main.getAttribute('data-code');
    var KEY = 'torneo-sheet:' + code;
    var field = document.getElementById('move');
    var editing = null;
    var inflight = false;
    var shownRows = 0;
    var store = load();
    var marks = {received: '✓', waiting: '…', pending: '…', offline: '⚠', refused: '✗'};
    var words = {
        received: main.getAttribute('data-received'), waiting: main.getAttribute('data-waiting'),
        pending: main.getAttribute('data-waiting'), offline: main.getAttribute('data-offline'),
        refused: main.getAttribute('data-refused')
    };

    function load() {
        try {
            var kept = JSON.parse(window.localStorage.getItem(KEY));
            if (kept && kept.actions) {
                return kept;
            }
        } catch (e) {
            // an unreadable copy: start a new one (the console keeps what it received)
        }
        return {epoch: null, actions: [], arbiter: []};
    }

    function save() {
        window.localStorage.setItem(KEY, JSON.stringify(store));
    }

    function uuid() {
        if (window.crypto && window.crypto.randomUUID) {
            return window.crypto.randomUUID();
        }
        var b = new Uint8Array(16);
        window.crypto.getRandomValues(b);
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).substring(1); }).join('');
        return h.substring(0, 8) + '-' + h.substring(8, 12) + '-' + h.substring(12, 16) + '-' + h.substring(16, 20)
            + '-' + h.substring(20);
    }

    function add(action) {
        action.id = uuid();
        action.recordedAt = new Date().toISOString();
        action.status = 'pending';
        store.actions.push(action);
        save();
        render();
        flush();
    }

    /** The sheet's lines by ply: the last line written for each ply (a correction replaces it, as crossing out). */
    function lines() {
        var out = [];
        store.actions.forEach(function (a) {
            if (a.action === 'line') {
                out[a.ply - 1] = a;
            }
        });
        return out;
    }

    function status(a) {
        if (a.status === 'received' && a.outcome && a.outcome.indexOf('refused') === 0) {
            return 'refused';
        }
        return a.status;
    }

    function cell(a, offers) {
        var td = document.createElement('td');
        if (!a) {
            return td;
        }
        var button = document.createElement('button');
        button.type = 'button';
        button.className = 'line';
        button.id = 'ply-' + a.ply;
        button.textContent = a.san + (offers[a.ply] ? ' (=)' : '');
        button.addEventListener('click', function () {
            editing = a.ply;
            field.value = a.san;
            document.getElementById('move-ply').textContent = '(' + Math.ceil(a.ply / 2) + (a.ply % 2 ? '.' : '...') + ')';
            field.focus();
        });
        var mark = document.createElement('span');
        var s = status(a);
        mark.className = 'mark ' + s;
        mark.setAttribute('data-status', s);
        mark.setAttribute('role', 'img');
        mark.setAttribute('aria-label', words[s] || s);
        mark.title = a.outcome || words[s] || s;
        mark.textContent = marks[s] || '?';
        td.setAttribute('data-status', s);
        td.appendChild(button);
        td.appendChild(mark);
        return td;
    }

    function render() {
        var all = lines();
        var offers = {};
        store.actions.forEach(function (a) {
            if (a.action === 'offer') {
                offers[a.ply] = true;
            }
        });
        var body = document.querySelector('#moves tbody');
        body.innerHTML = '';
        for (var i = 0; i < all.length; i += 2) {
            var tr = document.createElement('tr');
            tr.id = 'move-' + (i / 2 + 1);
            var th = document.createElement('th');
            th.scope = 'row';
            th.textContent = String(i / 2 + 1);
            tr.appendChild(th);
            tr.appendChild(cell(all[i], offers));
            tr.appendChild(cell(all[i + 1], offers));
            body.appendChild(tr);
        }
        var notes = document.getElementById('notes');
        notes.innerHTML = '';
        store.actions.forEach(function (a) {
            if (a.action !== 'line') {
                var li = document.createElement('li');
                var s = status(a);
                li.className = 'note ' + a.action;
                li.setAttribute('data-status', s);
                li.textContent = (marks[s] || '?') + ' ' + describe(a) + (a.outcome && s === 'refused' ? ': ' + a.outcome : '');
                notes.appendChild(li);
            }
        });
        (store.arbiter || []).forEach(function (text) {
            var li = document.createElement('li');
            li.className = 'note arbiter';
            li.textContent = said(text);
            notes.appendChild(li);
        });
        if (body.children.length > shownRows) {
            // a new row: the latest move in sight (the list scrolls in its own area; the pad below does not move)
            var scroll = document.getElementById('sheet-scroll');
            scroll.scrollTop = scroll.scrollHeight;
        }
        shownRows = body.children.length;
        if (editing === null) {
            var next = all.length + 1;
            document.getElementById('move-ply').textContent = '(' + Math.ceil(next / 2) + (next % 2 ? '.' : '...') + ')';
        }
    }

    /** The words of the sheet's language for the names in the arbiter's decisions (the game's own names). */
    var names = {
        ClaimRejected: main.getAttribute('data-claim-rejected'), ClaimUpheld: main.getAttribute('data-claim-upheld'),
        RulingIssued: main.getAttribute('data-ruling'), WHITE: main.getAttribute('data-white'),
        BLACK: main.getAttribute('data-black')
    };
    Array.prototype.forEach.call(document.querySelectorAll('#claim-kind option'), function (o) {
        names[o.value] = o.textContent;
    });

    function said(text) {
        return text.split(' ').map(function (word) {
            // a decided claim's kind (THREEFOLD_REJECTED): the claim's name, the decision is said before it
            var kind = /^([A-Z_]+?)_(REJECTED|UPHELD)$/.exec(word);
            return names[word] || (kind && names[kind[1]]) || word;
        }).join(' ');
    }

    function describe(a) {
        switch (a.action) {
            case 'offer': return document.getElementById('offer').textContent + ' ' + Math.ceil(a.ply / 2) + '.';
            case 'accept': return '½-½ (=)';
            case 'claim': return (names[a.kind] || a.kind) + (a.intendedMove ? ' ' + a.intendedMove : '');
            case 'resign': return document.getElementById('resign').textContent;
            case 'result': return a.result;
            default: return a.action;
        }
    }

    function connection(online) {
        var p = document.getElementById('connection');
        p.textContent = online ? '' : '⚠ ' + words.offline;
        p.className = 'connection' + (online ? '' : ' offline');
        main.setAttribute('data-online', online ? 'true' : 'false');
    }

    function payload(a) {
        var out = {id: a.id, action: a.action, recordedAt: a.recordedAt};
        ['ply', 'san', 'kind', 'intendedMove', 'result'].forEach(function (k) {
            if (a[k] !== undefined && a[k] !== null && a[k] !== '') {
                out[k] = a[k];
            }
        });
        return out;
    }

    /** Sends every action the console does not have yet, in the order made; one request at a time. */
    function flush() {
        if (inflight) {
            return;
        }
        var pending = store.actions.filter(function (a) { return a.status !== 'received'; });
        if (pending.length === 0) {
            return;
        }
        inflight = true;
        fetch('/sheet/' + encodeURIComponent(code) + '/actions', {
            method: 'POST', credentials: 'same-origin', headers: {'Content-Type': 'application/json'},
            body: JSON.stringify(pending.slice(0, 500).map(payload))
        }).then(function (r) {
            if (!r.ok) {
                throw new Error('HTTP ' + r.status);
            }
            return r.json();
        }).then(function (body) {
            if (store.epoch && body.epoch !== store.epoch) {
                // a restarted console: everything again, in order (applied once by id)
                store.actions.forEach(function (a) { a.status = 'pending'; });
            } else {
                body.answers.forEach(function (answer) {
                    for (var i = 0; i < store.actions.length; i++) {
                        if (store.actions[i].id === answer.id) {
                            store.actions[i].status = answer.status;
                            store.actions[i].outcome = answer.outcome || answer.reason || '';
                        }
                    }
                });
            }
            store.epoch = body.epoch;
            connection(true);
        }).catch(function () {
            pending.forEach(function (a) { a.status = 'offline'; });
            connection(false);
        }).then(function () {
            inflight = false;
            save();
            render();
        });
    }

    /** What reached the sheet: the arbiter's decisions on this board and the game's result. */
    function poll() {
        fetch('/sheet/' + encodeURIComponent(code) + '/state', {credentials: 'same-origin'}).then(function (r) {
            if (!r.ok) {
                throw new Error('HTTP ' + r.status);
            }
            return r.json();
        }).then(function (state) {
            store.arbiter = state.arbiter || [];
            var text = state.result ? main.getAttribute('data-result') + ': ' + state.result : '';
            document.getElementById('arbiter').textContent = text;
            save();
            render();
        }).catch(function () {
            connection(false);
        });
    }

    Array.prototype.forEach.call(document.querySelectorAll('[data-key]'), function (key) {
        key.addEventListener('click', function () {
            var k = key.getAttribute('data-key');
            field.value = k.indexOf('O-O') === 0 ? k : field.value + k;
        });
    });
    document.getElementById('backspace').addEventListener('click', function () {
        field.value = field.value.substring(0, field.value.length - 1);
    });
    function record() {
        var san = field.value.trim();
        if (!san) {
            return;
        }
        var ply = editing !== null ? editing : lines().length + 1;
        editing = null;
        field.value = '';
        add({action: 'line', ply: ply, san: san});
    }
    document.getElementById('record').addEventListener('click', record);
    field.addEventListener('keydown', function (e) {
        if (e.key === 'Enter') {
            e.preventDefault();
            record();
        }
    });
    document.getElementById('offer').addEventListener('click', function () {
        add({action: 'offer', ply: lines().length});
    });
    document.getElementById('accept').addEventListener('click', function () {
        add({action: 'accept'});
    });
    document.getElementById('claim').addEventListener('click', function () {
        // FIDE 2018 9.2.1.1, 9.3.1: the intended move is written on the sheet and cannot be changed
        var intended = field.value.trim();
        var ply = lines().length + 1;
        field.value = '';
        editing = null;
        add({action: 'claim', kind: document.getElementById('claim-kind').value, intendedMove: intended, ply: ply});
        if (intended) {
            // the intended move is on the sheet as the player wrote it (the game plays it if the claim fails)
            add({action: 'line', ply: ply, san: intended});
        }
    });
    document.getElementById('resign').addEventListener('click', function () {
        add({action: 'resign'});
    });
    document.getElementById('approve').addEventListener('click', function () {
        add({action: 'result', result: document.getElementById('result').value});
    });
    window.addEventListener('online', flush);
    window.setInterval(flush, 1500);
    window.setInterval(poll, 3000);
    render();
    flush();
    poll();
}());
