// The champions-mush web client: the game's telnet stream over a WebSocket (subprotocol
// "telnet"), ANSI colour rendered, GMCP Char.Vitals in the bar, the "See also" topics the game
// names in GMCP Help.SeeAlso as links, input history (never a line holding a password),
// reconnecting by itself unless the player typed QUIT, whose Phase it is and the Speed Chart
// (GMCP Combat.Phase), a channel pane (Comm.Channel.Text), a title and optional sound notice for
// text in a hidden tab and for pages, and its own preferences in localStorage (never a password)
// (docs/admin-guide.md, "The web client").
"use strict";
(function () {
  const IAC = 255, DONT = 254, DO = 253, WONT = 252, WILL = 251, SB = 250, SE = 240, EOR_CMD = 239, GA = 249;
  const ECHO = 1, SGA = 3, TTYPE = 24, EOR = 25, NAWS = 31, CHARSET = 42, GMCP = 201;
  const WE_DO = new Set([ECHO, SGA, EOR, CHARSET, GMCP]);   // server WILL -> we say DO
  const WE_WILL = new Set([TTYPE, NAWS, CHARSET]);         // server DO -> we say WILL
  const TTYPES = ["CHAMPIONS-WEB", "XTERM-TRUECOLOR", "MTTS 269"]; // MTTS: ANSI, UTF-8, 256, truecolour
  const MAX_LINES = 5000, HISTORY = 200;
  // Lines that carry a password: never echoed, kept in history or stored (docs/player-guide.md).
  const PASSWORD_WORDS = new Set(["connect", "create", "@password", "@newpassword"]);
  const PALETTE = ["#000000", "#c23621", "#25bc24", "#adad27", "#492ee1", "#d338d3", "#33bbc8", "#cbcccd",
                   "#818383", "#fc391f", "#31e722", "#eaec23", "#5833ff", "#f935f8", "#14f0f0", "#e9ebeb"];

  const out = document.getElementById("output"), input = document.getElementById("input");
  // FugueEdit (+edit): only the answer to the player's own +edit goes into the input line, so a
  // "FugueEdit > ..." line in someone's mail, post or description never fills it.
  const FUGUE = "FugueEdit > ", EDIT_WORDS = new Set(["+edit", "+fugueedit"]), EDIT_WAIT_MS = 10000;
  let editAsked = 0;
  const statusEl = document.getElementById("status"), reconnectBtn = document.getElementById("reconnect");
  const encoder = new TextEncoder();
  let ws = null, decoder = null, retry = 1, retryTimer = null, wantOpen = true;
  let state = 0, verb = 0, sb = [], sbOpt = 0, ttypeRound = 0;
  let text = "", echoOff = false, links = null, seeAlsoOpen = false;
  let sgr = fresh(), pending = [], scheduled = false, partial = null;
  const history = loadHistory();
  let histPos = history.length;
  const TITLE = document.title, MAX_CHANNEL_LINES = 500;
  const PAGED = /^(\S+) pages(?: [^:]*)?: /;      // "Tom pages: hi", "Tom pages you, Ann: hi"
  const ROLL_ID = /\[(r[0-9a-z]{1,8})\]/g;         // "[Dice] ... [r6z]"
  let me = "", unread = 0, audio = null;
  const prefs = loadPrefs();

  // The client's own settings: only these keys are ever stored (docs/player-guide.md).
  function loadPrefs() {
    let kept = {};
    try { kept = JSON.parse(localStorage.getItem("cm-prefs") || "{}") || {}; } catch (e) { kept = {}; }
    return { sound: kept.sound === true };
  }
  function savePrefs() { localStorage.setItem("cm-prefs", JSON.stringify({ sound: prefs.sound })); }

  function commandWord(line) {
    return (line.trim().split(/\s+/)[0] || "").split(/[\/=]/)[0].toLowerCase();
  }
  function holdsPassword(line) { return PASSWORD_WORDS.has(commandWord(line)); }

  function loadHistory() {
    let kept = [];
    try { kept = JSON.parse(localStorage.getItem("cm-history") || "[]"); } catch (e) { kept = []; }
    if (!Array.isArray(kept)) kept = [];
    const clean = kept.filter((line) => typeof line === "string" && !holdsPassword(line)).slice(-HISTORY);
    localStorage.setItem("cm-history", JSON.stringify(clean)); // a password an older client kept goes now
    return clean;
  }

  function fresh() { return { fg: null, bg: null, b: false, i: false, u: false, d: false, rev: false }; }

  // --- connection ---------------------------------------------------------------------------
  function connect() {
    clearTimeout(retryTimer);
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
    setStatus("Connecting…", "wait");
    ws = new WebSocket(url, ["telnet"]);
    ws.binaryType = "arraybuffer";
    decoder = new TextDecoder("utf-8");
    state = 0; ttypeRound = 0; text = ""; setEcho(false);
    ws.onopen = () => { retry = 1; setStatus("Connected", "ok"); reconnectBtn.hidden = true; };
    ws.onmessage = (e) => receive(new Uint8Array(e.data instanceof ArrayBuffer ? e.data : encoder.encode(e.data)));
    ws.onclose = () => lost();
    ws.onerror = () => {};
  }

  function lost() {
    if (text) { flushText(true); }
    ws = null;
    setEcho(false);
    clearVitals();
    clearPhase();
    setStatus("Disconnected", "lost");
    reconnectBtn.hidden = false;
    if (!wantOpen) { notice("You left the game. Press “Reconnect now” to play again."); return; }
    notice(`Connection lost. Reconnecting in ${retry} s…`);
    retryTimer = setTimeout(connect, retry * 1000);
    retry = Math.min(30, Math.round(retry * 1.6)); // 1, 2, 3, 5, 8, 13, 21, 30 s
  }

  function setStatus(words, kind) { statusEl.textContent = words; statusEl.className = "status-" + kind; }

  function sendBytes(bytes) { if (ws && ws.readyState === 1) ws.send(new Uint8Array(bytes)); }
  function sendCmd(...bytes) { sendBytes([IAC, ...bytes]); }
  function sendSb(option, payload) {
    const body = [];
    for (const b of payload) { body.push(b); if (b === IAC) body.push(IAC); }
    sendBytes([IAC, SB, option, ...body, IAC, SE]);
  }
  function sendGmcp(pkg, data) { sendSb(GMCP, encoder.encode(pkg + (data === undefined ? "" : " " + JSON.stringify(data)))); }
  function sendLine(line) { sendBytes([...encoder.encode(line), 13, 10]); }

  // --- telnet -------------------------------------------------------------------------------
  function receive(bytes) {
    let start = 0;
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (state === 0) {
        if (b === IAC) { addText(bytes.subarray(start, i)); state = 1; }
        continue;
      }
      if (state === 1) {
        state = 0;
        if (b === IAC) { addText(new Uint8Array([IAC])); }
        else if (b >= WILL && b <= DONT) { verb = b; state = 2; }
        else if (b === SB) { sb = []; state = 3; }
        else if (b === EOR_CMD || b === GA) { flushText(true); }
        start = i + 1;
      } else if (state === 2) {
        negotiate(verb, b); state = 0; start = i + 1;
      } else if (state === 3) {
        sbOpt = b; state = 4;
      } else if (state === 4) {
        if (b === IAC) state = 5; else sb.push(b);
      } else if (state === 5) {
        if (b === SE) { subneg(sbOpt, sb); state = 0; start = i + 1; }
        else { if (b === IAC) sb.push(IAC); state = 4; }
      }
    }
    if (state === 0) addText(bytes.subarray(start));
    flushText(false);
  }

  function negotiate(v, opt) {
    if (v === WILL) {
      sendCmd(WE_DO.has(opt) ? DO : DONT, opt);
      if (opt === ECHO) setEcho(true);
      if (opt === GMCP) {
        sendGmcp("Core.Hello", { client: "champions-web", version: "1" });
        sendGmcp("Core.Supports.Set", ["Char 1", "Combat 1", "Help 1", "Comm.Channel 1"]);
      }
    } else if (v === WONT) {
      sendCmd(DONT, opt);
      if (opt === ECHO) setEcho(false);
    } else if (v === DO) {
      sendCmd(WE_WILL.has(opt) ? WILL : WONT, opt);
      if (opt === NAWS) sendSize();
    } else {
      sendCmd(WONT, opt);
    }
  }

  function subneg(opt, data) {
    if (opt === TTYPE && data[0] === 1) {
      const name = TTYPES[Math.min(ttypeRound++, TTYPES.length - 1)];
      sendSb(TTYPE, [0, ...encoder.encode(name)]);
    } else if (opt === CHARSET && data[0] === 1) {
      const offered = new TextDecoder().decode(new Uint8Array(data.slice(2))).toUpperCase().split(";");
      if (offered.includes("UTF-8")) sendSb(CHARSET, [2, ...encoder.encode("UTF-8")]);
      else sendSb(CHARSET, [3]);
    } else if (opt === GMCP) {
      const msg = new TextDecoder().decode(new Uint8Array(data));
      const space = msg.indexOf(" ");
      const pkg = space < 0 ? msg : msg.slice(0, space);
      let body = null;
      try { body = space < 0 ? null : JSON.parse(msg.slice(space + 1)); } catch (e) { body = null; }
      const name = pkg.toLowerCase();
      if (name === "char.vitals" && body) showVitals(body);
      else if (name === "char.status" && body && typeof body.name === "string") me = body.name;
      else if (name === "combat.phase" && body) showPhase(body);
      else if (name === "comm.channel.text" && body) channelLine(body);
      else if (pkg.toLowerCase() === "help.seealso" && body && Array.isArray(body.topics)) {
        flushText(false); // the lines before it are not the game's see-also line: in the queue first
        queueMark({ command: String(body.command || "RULES"), topics: new Set(body.topics.map(String)) });
      }
    }
  }

  function sendSize() {
    const probe = document.createElement("span");
    probe.textContent = "M".repeat(10);
    out.appendChild(probe);
    const charWidth = probe.getBoundingClientRect().width / 10 || 9;
    const lineHeight = probe.getBoundingClientRect().height || 18;
    probe.remove();
    const cols = Math.max(40, Math.min(250, Math.floor((out.clientWidth - 20) / charWidth) - 1));
    const rows = Math.max(10, Math.min(200, Math.floor(out.clientHeight / lineHeight)));
    sendSb(NAWS, [cols >> 8, cols & 255, rows >> 8, rows & 255]);
  }

  function setEcho(off) {
    echoOff = off;
    input.type = off ? "password" : "text";
  }

  // --- text and ANSI ------------------------------------------------------------------------
  function addText(bytes) { if (bytes.length) text += decoder.decode(bytes, { stream: true }); }

  function flushText(prompt) {
    const parts = text.split("\n");
    text = parts.pop();
    for (const line of parts) {
      queueLine(line.replace(/\r$/, ""), false);
      if (line.startsWith(FUGUE) && Date.now() - editAsked <= EDIT_WAIT_MS) {
        editAsked = 0;
        input.value = line.slice(FUGUE.length).replace(/\r$/, "");
        input.focus();
      }
    }
    if (prompt && text) { queueLine(text, true); text = ""; }
    else if (text) queueLine(text, true, true);
  }

  function queueLine(line, isPartial, keep) {
    pending.push([line, isPartial && keep]);
    if (!scheduled) { scheduled = true; requestAnimationFrame(render); }
  }

  // The game's Help.SeeAlso: its place among the lines, so only the see-also line after it is linked.
  function queueMark(mark) {
    pending.push([null, mark]);
    if (!scheduled) { scheduled = true; requestAnimationFrame(render); }
  }

  function render() {
    scheduled = false;
    if (document.hidden && pending.some(([line]) => line !== null && line.trim())) {
      unread += pending.filter(([line]) => line !== null && line.trim()).length;
      attention(`(${unread}) ${TITLE}`, false);
    }
    const atBottom = out.scrollHeight - out.scrollTop - out.clientHeight < 40;
    const frag = document.createDocumentFragment();
    for (const [line, isPartial] of pending) {
      if (line === null) { links = isPartial; seeAlsoOpen = false; continue; }
      if (partial) { partial.remove(); partial = null; }
      const el = lineElement(line);
      if (isPartial) partial = el;
      frag.appendChild(el);
    }
    pending = [];
    out.appendChild(frag);
    while (out.childElementCount > MAX_LINES) out.firstElementChild.remove();
    if (atBottom) out.scrollTop = out.scrollHeight;
  }

  function lineElement(line) {
    const div = document.createElement("div");
    div.className = "line";
    const plain = [];
    let at = 0;
    const re = /\x1b\[([0-9;]*)([A-Za-z])/g;
    let m;
    while ((m = re.exec(line)) !== null) {
      addSpan(div, line.slice(at, m.index), plain);
      if (m[2] === "m") applySgr(m[1]);
      at = re.lastIndex;
    }
    addSpan(div, line.slice(at), plain);
    const text = plain.join("");
    seeAlso(div, text);
    const paged = PAGED.exec(text);
    if (paged && paged[1] !== me) attention(`${paged[1]} paged you - ${TITLE}`, true);
    return div;
  }

  function addSpan(div, chunk, plain) {
    chunk = chunk.replace(/\x1b[^\[]?/g, "");
    if (!chunk) return;
    plain.push(chunk);
    const span = document.createElement("span");
    rollIds(span, chunk);
    let fg = sgr.fg, bg = sgr.bg;
    if (sgr.rev) { [fg, bg] = [bg || "#101014", fg || "#c8c8c8"]; }
    if (fg) span.style.color = fg;
    if (bg) span.style.backgroundColor = bg;
    span.className = (sgr.b ? "b " : "") + (sgr.i ? "i " : "") + (sgr.u ? "u " : "") + (sgr.d ? "d" : "");
    div.appendChild(span);
  }

  function xterm(n) {
    if (n < 16) return PALETTE[n];
    if (n >= 232) { const v = 8 + (n - 232) * 10; return `rgb(${v},${v},${v})`; }
    n -= 16;
    const c = (x) => (x ? 55 + x * 40 : 0);
    return `rgb(${c(Math.floor(n / 36))},${c(Math.floor(n / 6) % 6)},${c(n % 6)})`;
  }

  function applySgr(params) {
    const p = params === "" ? [0] : params.split(";").map((x) => parseInt(x || "0", 10));
    for (let k = 0; k < p.length; k++) {
      const n = p[k];
      if (n === 0) sgr = fresh();
      else if (n === 1) sgr.b = true;
      else if (n === 2) sgr.d = true;
      else if (n === 3) sgr.i = true;
      else if (n === 4) sgr.u = true;
      else if (n === 7) sgr.rev = true;
      else if (n === 22) { sgr.b = false; sgr.d = false; }
      else if (n === 23) sgr.i = false;
      else if (n === 24) sgr.u = false;
      else if (n === 27) sgr.rev = false;
      else if (n >= 30 && n <= 37) sgr.fg = PALETTE[n - 30 + (sgr.b ? 8 : 0)];
      else if (n === 39) sgr.fg = null;
      else if (n >= 40 && n <= 47) sgr.bg = PALETTE[n - 40];
      else if (n === 49) sgr.bg = null;
      else if (n >= 90 && n <= 97) sgr.fg = PALETTE[n - 90 + 8];
      else if (n >= 100 && n <= 107) sgr.bg = PALETTE[n - 100 + 8];
      else if ((n === 38 || n === 48) && p[k + 1] === 5) {
        const colour = xterm(p[k + 2] || 0); k += 2;
        if (n === 38) sgr.fg = colour; else sgr.bg = colour;
      } else if ((n === 38 || n === 48) && p[k + 1] === 2) {
        const colour = `rgb(${p[k + 2] || 0},${p[k + 3] || 0},${p[k + 4] || 0})`; k += 4;
        if (n === 38) sgr.fg = colour; else sgr.bg = colour;
      }
    }
  }

  // "See also: A, B, C." (perhaps wrapped over lines) just after the game's Help.SeeAlso: each
  // topic it named a link to read it. Any other "See also" (an @emit, a pose) stays text.
  function seeAlso(div, plain) {
    if (!links) return;
    const starts = plain.startsWith("See also: ");
    if (!starts && !seeAlsoOpen) return;
    seeAlsoOpen = !plain.trimEnd().endsWith(".");
    const mark = links;
    if (!seeAlsoOpen) links = null; // used up: later lines are never links
    const body = starts ? plain.slice("See also: ".length) : plain;
    div.textContent = starts ? "See also: " : "";
    const names = body.replace(/\.\s*$/, "").split(",");
    names.forEach((raw, n) => {
      const name = raw.trim();
      if (n > 0) div.appendChild(document.createTextNode(", "));
      else if (!starts) div.appendChild(document.createTextNode(raw.slice(0, raw.indexOf(name))));
      if (!name) return;
      if (!mark.topics.has(name)) { div.appendChild(document.createTextNode(name)); return; }
      const link = document.createElement("a");
      link.textContent = name;
      link.title = `${mark.command} ${name}`;
      link.addEventListener("click", () => command(`${mark.command} ${name}`));
      div.appendChild(link);
    });
    if (!seeAlsoOpen) div.appendChild(document.createTextNode("."));
    else if (body.trimEnd().endsWith(",")) div.appendChild(document.createTextNode(","));
  }

  // "[r6z]" as a badge: the roll id reads apart from the dice around it.
  function rollIds(span, chunk) {
    let at = 0, m;
    ROLL_ID.lastIndex = 0;
    while ((m = ROLL_ID.exec(chunk)) !== null) {
      span.appendChild(document.createTextNode(chunk.slice(at, m.index) + "["));
      const id = document.createElement("span");
      id.className = "rollid";
      id.title = `roll id: +roll/verify ${m[1]}`;
      id.textContent = m[1];
      span.appendChild(id);
      span.appendChild(document.createTextNode("]"));
      at = ROLL_ID.lastIndex;
    }
    if (at === 0) span.textContent = chunk;
    else span.appendChild(document.createTextNode(chunk.slice(at)));
  }

  // --- cues -----------------------------------------------------------------------------------
  // While the tab is hidden, the title says what came (text, a page, the player's Phase) until
  // the tab is seen again; a short tone too if the player turned sound on (a page or the
  // Phase also when the tab shows).
  function attention(title, urgent) {
    if (document.hidden) document.title = title;
    if (prefs.sound && (urgent || (document.hidden && unread === 1))) beep();
  }
  function beep() {
    try {
      audio = audio || new AudioContext();
      const tone = audio.createOscillator(), gain = audio.createGain();
      tone.frequency.value = 660; gain.gain.value = 0.08;
      tone.connect(gain); gain.connect(audio.destination);
      tone.start(); tone.stop(audio.currentTime + 0.15);
    } catch (e) { /* no audio here */ }
  }
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) { unread = 0; document.title = TITLE; }
  });
  input.addEventListener("focus", () => { if (!document.hidden) document.title = TITLE; });

  // GMCP Combat.Phase: whose Phase it is (the player's own stands out) and the Speed Chart.
  function showPhase(p) {
    const el = document.getElementById("phase"), chart = document.getElementById("chart");
    const acting = typeof p.phase === "string" ? p.phase : (Array.isArray(p.acting) ? p.acting[0] : "");
    const mine = !!me && acting === me;
    el.hidden = false;
    el.className = mine ? "mine" : "";
    el.textContent = mine ? `Your Phase! Segment ${p.segment}` : `Segment ${p.segment}: ${acting ? acting + "'s Phase" : "no one acts"}`;
    if (mine) attention(`Your Phase - ${TITLE}`, true);
    chart.textContent = "";
    const rows = Array.isArray(p.chart) ? p.chart : [];
    chart.hidden = rows.length === 0;
    chart.appendChild(document.createTextNode(`Turn ${p.turn}, Speed Chart: `));
    rows.forEach((row, n) => {
      if (n) chart.appendChild(document.createTextNode(" · "));
      const who = document.createElement("span");
      who.className = (row.name === acting ? "now " : "") + (row.name === me ? "me" : "");
      const segs = Array.isArray(row.segments) ? row.segments.join(",") : "";
      who.textContent = `${row.name} (SPD ${row.spd}) ${segs}`;
      chart.appendChild(who);
    });
  }
  function clearPhase() {
    document.getElementById("phase").hidden = true;
    document.getElementById("chart").hidden = true;
  }

  // GMCP Comm.Channel.Text: each channel line in its own pane as well.
  function channelLine(c) {
    const pane = document.getElementById("channels");
    pane.hidden = false;
    const div = document.createElement("div"), line = String(c.text || ""), tag = `[${c.channel}]`;
    if (line.startsWith(tag)) {  // the line as the game shows it: "[Public] Ada: Hello"
      const name = document.createElement("span");
      name.className = "ch";
      name.textContent = tag;
      div.appendChild(name);
    }
    div.appendChild(document.createTextNode(line.startsWith(tag) ? line.slice(tag.length) : line));
    const atBottom = pane.scrollHeight - pane.scrollTop - pane.clientHeight < 40;
    pane.appendChild(div);
    while (pane.childElementCount > MAX_CHANNEL_LINES) pane.firstElementChild.remove();
    if (atBottom) pane.scrollTop = pane.scrollHeight;
  }

  function notice(words) {
    if (pending.length) render(); // after the lines that came before it
    const div = document.createElement("div");
    div.className = "line notice";
    div.textContent = words;
    out.appendChild(div);
    out.scrollTop = out.scrollHeight;
  }

  // --- vitals -------------------------------------------------------------------------------
  function clearVitals() {
    document.getElementById("vitals").hidden = true;
    for (const name of ["stun", "body", "end"]) {
      const el = document.getElementById("v-" + name);
      el.querySelector(".num").textContent = "";
      el.querySelector(".fill").style.width = "0";
    }
    document.getElementById("v-conditions").textContent = "";
  }

  function showVitals(v) {
    document.getElementById("vitals").hidden = false;
    for (const name of ["stun", "body", "end"]) {
      const el = document.getElementById("v-" + name);
      const now = Number(v[name]), max = Number(v["max" + name]);
      el.querySelector(".num").textContent = `${now}/${max}`;
      el.querySelector(".fill").style.width = max > 0 ? `${Math.max(0, Math.min(100, (100 * now) / max))}%` : "0";
    }
    const conditions = Array.isArray(v.conditions) ? v.conditions : [];
    document.getElementById("v-conditions").textContent = conditions.join(", ");
  }

  // --- input --------------------------------------------------------------------------------
  // Send a line; echo it dimmed, but a password never: at the password prompt nothing is
  // echoed, and "connect Bob secret" shows as "> connect ********".
  function command(line) {
    if (!ws || ws.readyState !== 1) { notice("Not connected: that was not sent."); return; }
    const word = commandWord(line);
    if (word === "quit") wantOpen = false; // the player left: no reconnecting by itself
    if (EDIT_WORDS.has(word)) editAsked = Date.now();
    sendLine(line);
    if (echoOff) return;
    const echo = document.createElement("div");
    echo.className = "line echo";
    echo.textContent = "> " + (PASSWORD_WORDS.has(word) ? line.trim().split(/\s+/)[0] + " ********" : line);
    out.appendChild(echo);
    out.scrollTop = out.scrollHeight;
  }

  document.getElementById("entry").addEventListener("submit", (e) => {
    e.preventDefault();
    const line = input.value;
    if (!echoOff && line.trim() && !holdsPassword(line)) {
      if (history[history.length - 1] !== line) history.push(line);
      while (history.length > HISTORY) history.shift();
      localStorage.setItem("cm-history", JSON.stringify(history));
    }
    histPos = history.length;
    input.value = "";
    command(line);
  });

  input.addEventListener("keydown", (e) => {
    if (echoOff) return;
    if (e.key === "ArrowUp" && histPos > 0) { input.value = history[--histPos]; e.preventDefault(); }
    else if (e.key === "ArrowDown") {
      histPos = Math.min(history.length, histPos + 1);
      input.value = history[histPos] || "";
      e.preventDefault();
    }
  });

  const soundBox = document.getElementById("pref-sound");
  soundBox.checked = prefs.sound;
  soundBox.addEventListener("change", () => { prefs.sound = soundBox.checked; savePrefs(); if (prefs.sound) beep(); });
  reconnectBtn.addEventListener("click", () => { wantOpen = true; retry = 1; connect(); });
  window.addEventListener("resize", () => { clearTimeout(window.cmResize); window.cmResize = setTimeout(sendSize, 300); });
  out.addEventListener("click", () => { if (!getSelection().toString()) input.focus(); });
  input.focus();
  connect();
})();
