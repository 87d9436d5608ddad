/* The match page at the table: the card keys, the entry queue that survives a lost
   connection, and the screen that stays awake.

   Every entry goes through one queue, in order. htmx builds the request from the form as
   usual; this script takes it over (htmx:configRequest), keeps it on the phone
   (localStorage) and sends it with its action id, so a resend after a dropped connection is
   never entered twice. While an entry waits, the phone says so: the referee has not checked
   it yet. A refused entry stops the entries behind it until the scorer decides. */
(() => {
  "use strict";

  const ACT = /\/m\/([^/]+)\/act$/;
  const RETRY_MS = 4000;
  const panelOf = () => document.getElementById("panel");
  const words = (key, fallback) => (panelOf() && panelOf().dataset[key]) || fallback;

  // --- the card keys ---------------------------------------------------------------------

  const unavailable = () => {
    const panel = panelOf();
    try { return JSON.parse((panel && panel.dataset.unavailable) || "{}"); } catch (_e) { return {}; }
  };

  const checked = (picker, part) => {
    const input = picker.querySelector(`input[name$=".${part}"]:checked`);
    return input ? input.value : "";
  };

  /* A card cannot be entered now (already seen where it cannot come from): its key is
     disabled, and says why to a screen reader. A picker marked data-any-card is left whole. Ranks are judged against the chosen suit and
     suits against the chosen rank; a rank none of whose cards can be entered is off too. */
  function markUnavailable(picker) {
    if ("anyCard" in picker.dataset) return;  // names a card, such as a joker's stand-in: any card will do
    const gone = unavailable();
    const rank = checked(picker, "rank");
    const suit = checked(picker, "suit");
    const suits = [...picker.querySelectorAll('input[name$=".suit"]')].map((i) => i.value);
    picker.querySelectorAll('input[name$=".rank"]').forEach((input) => {
      if (input.value === "JK") return;
      const cards = suit ? [input.value + suit] : suits.map((s) => input.value + s);
      const reasons = cards.map((c) => gone[c]).filter(Boolean);
      setOff(input, reasons.length === cards.length && cards.length > 0 ? reasons[0] : "");
    });
    picker.querySelectorAll('input[name$=".suit"]').forEach((input) => {
      setOff(input, rank && rank !== "JK" ? gone[rank + input.value] || "" : "");
    });
  }

  function setOff(input, reason) {
    const label = input.labels && input.labels[0];
    input.disabled = Boolean(reason);
    if (input.disabled && input.checked) input.checked = false;
    if (label) {
      label.classList.toggle("off", Boolean(reason));
      if (reason) label.setAttribute("aria-description", reason);
      else label.removeAttribute("aria-description");
      if (reason) label.title = reason; else label.removeAttribute("title");
    }
  }

  const complete = (picker) => {
    const rank = checked(picker, "rank");
    return rank === "JK" || (rank !== "" && checked(picker, "suit") !== "");
  };

  const visible = (element) => element.offsetParent !== null || element.getClientRects().length > 0;

  /* A form whose card completes the entry sends itself on the card's second tap: every
     picker it shows is complete, and the visible element marked data-auto names the button
     to press. */
  /* A picker with a row of suits per bank: the suit's tap also chooses the bank, so a complete
     card is sent to the bank of its suit key, by the button that sends to that bank (the kind
     of entry is the picker's own, or the one a pressed toggle such as "fluker" names). A joker
     has no suit: it waits for a key of the bank row it goes to. True when the form has one. */
  function maybeSendToBank(form) {
    const picker = [...form.querySelectorAll("fieldset.picker[data-banks]")].find(visible);
    if (!picker) return false;
    const suit = picker.querySelector("input[data-bank]:checked");
    if (!complete(picker) || !suit) return true;
    const toggle = form.querySelector("input[data-send-kind]:checked");
    const kind = toggle ? toggle.dataset.sendKind : picker.dataset.banks;
    const button = form.querySelector(`[data-bank-send="${suit.dataset.bank}"][data-kind="${kind}"]`);
    if (button) button.click();
    return true;
  }

  function maybeSend(form) {
    const marker = [...form.querySelectorAll("[data-auto]")].find(visible);
    const auto = marker && marker.dataset.auto;
    if (!auto) return;
    const pickers = [...form.querySelectorAll("fieldset.picker")].filter(visible);
    if (pickers.length === 0 || !pickers.every(complete)) return;
    const button = form.querySelector(`button[name="type"][value="${auto}"]`);
    if (button) form.requestSubmit(button);
  }

  /* Multi-card entries: a tray. A chosen suit stays chosen, so a rank key adds a card of it;
     a rank tapped before any suit waits for one. Cards go in the order entered; tapping a
     chosen card takes it back. */
  function trayCards(tray) {
    return [...tray.querySelectorAll(".tray input")].map((i) => i.value);
  }

  function setTray(tray, cards) {
    const name = tray.dataset.tray;
    tray.querySelector(".tray").replaceChildren(...cards.map((card, n) => {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = `${name}.${n}`;
      input.value = card;
      return input;
    }));
    tray.querySelector(".tray-shown").replaceChildren(...cards.map((card) => {
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = `chip suit-${card.slice(-1)}`;
      chip.dataset.card = card;
      chip.textContent = symbol(card);
      chip.setAttribute("aria-label", `${words("takeBack", "take back")} ${symbol(card)}`);
      return chip;
    }));
    markTray(tray);
    tray.dispatchEvent(new Event("change", { bubbles: true }));
  }

  function markTray(tray) {
    const gone = unavailable();
    const chosen = new Set(trayCards(tray));
    const suit = (tray.querySelector(".tray-suit[aria-pressed=true]") || {}).dataset;
    tray.querySelectorAll(".tray-rank").forEach((key) => {
      const rank = key.dataset.rank;
      const card = rank === "JK" || !suit ? null : rank + suit.suit;
      const reason = card ? gone[card] || (chosen.has(card) ? words("chosenWord", "chosen") : "") : "";
      key.disabled = Boolean(reason);
      key.classList.toggle("off", Boolean(reason));
      if (reason) key.setAttribute("aria-description", reason); else key.removeAttribute("aria-description");
    });
  }

  function trayKey(key) {
    const tray = key.closest(".card-tray");
    const cards = trayCards(tray);
    const max = Number(tray.dataset.max || 60);
    if (key.classList.contains("chip")) {
      cards.splice(cards.indexOf(key.dataset.card), 1);
      setTray(tray, cards);
      return;
    }
    if (key.classList.contains("tray-suit")) {
      tray.querySelectorAll(".tray-suit").forEach((b) => b.setAttribute("aria-pressed", String(b === key)));
      const waiting = tray.querySelector(".tray-rank[aria-pressed=true]");
      if (waiting) {
        waiting.setAttribute("aria-pressed", "false");
        if (cards.length < max) cards.push(waiting.dataset.rank + key.dataset.suit);
        setTray(tray, cards);
      } else {
        markTray(tray);
      }
      return;
    }
    const rank = key.dataset.rank;
    const suit = tray.querySelector(".tray-suit[aria-pressed=true]");
    if (rank === "JK") { if (cards.length < max) cards.push("JK"); setTray(tray, cards); return; }
    if (!suit) {
      tray.querySelectorAll(".tray-rank").forEach((b) => b.setAttribute("aria-pressed", String(b === key)));
      return;
    }
    if (cards.length < max) cards.push(rank + suit.dataset.suit);
    setTray(tray, cards);
  }

  function prepare(root) {
    // How each part was drawn, open or folded: an entry queued leaves it so again.
    root.querySelectorAll("details:not([data-drawn])").forEach((part) => { part.dataset.drawn = part.open ? "open" : "folded"; });
    root.querySelectorAll("fieldset.picker").forEach(markUnavailable);
    root.querySelectorAll(".card-tray").forEach(markTray);
  }

  document.addEventListener("change", (event) => {
    const picker = event.target.closest && event.target.closest("fieldset.picker");
    if (!picker) return;
    markUnavailable(picker);
    const form = picker.closest("form");
    if (form && !maybeSendToBank(form)) maybeSend(form);
  });

  document.addEventListener("click", (event) => {
    const key = event.target.closest && event.target.closest(".card-tray button");
    if (key) { event.preventDefault(); trayKey(key); }
  });

  // --- the queue -------------------------------------------------------------------------

  const storeKey = (match) => `referee:queue:${match}`;
  const load = (match) => {
    try { return JSON.parse(localStorage.getItem(storeKey(match)) || "[]"); } catch (_e) { return []; }
  };
  const save = (match, queue) => {
    if (queue.length) localStorage.setItem(storeKey(match), JSON.stringify(queue));
    else localStorage.removeItem(storeKey(match));
  };

  let sending = false;
  let retry = null;

  /* How a waiting entry is listed: in the words of the control that sent it and the cards it
     carries, or whole in its data-label (else the form's), where "{cards}" stands for those
     cards and "{name}" for the entry's field of that name (a level, an amount, a player picked
     on the form). Only what was tapped is named: offline, the turn on screen may no longer be
     the turn the entry is for. The picks of a card picker count only for the entry its
     data-auto names (a "Miss" ignores them). */
  function label(form, control, body) {
    const autos = form ? [...form.querySelectorAll("[data-auto]")].map((m) => m.dataset.auto) : [];
    const picks = autos.length === 0 || Boolean(control && autos.includes(control.value));
    const cards = [];
    for (const [k, v] of body) {
      if (/\.rank$/.test(k)) { if (picks) cards.push(v); }
      else if (/\.suit$/.test(k)) { if (picks) cards[cards.length - 1] = (cards[cards.length - 1] || "") + v; }
      else if (/^cards?(\.\d+)?$/.test(k) || k === "foundation_suit") cards.push(v);
    }
    const shown = cards.map(symbol).join(" ");
    // A list left at its prompt ("— who buys —") is named by the prompt: the entry lacks it.
    const unset = (name) => {
      const list = form && form.querySelector(`select[name="${name}"]`);
      return list && list.selectedIndex >= 0 ? list.options[list.selectedIndex].textContent.trim() : "";
    };
    const fill = (text) => text.replace(/\{(\w+)\}/g,
      (_all, name) => (name === "cards" ? shown : body.get(name) || unset(name)));
    const button = control ? control.textContent.replace(/\s+/g, " ").trim() : "";
    let text = button.includes(shown) ? button : `${button} ${shown}`;
    if (control && control.dataset.label) text = fill(control.dataset.label);
    else if (!text.trim() && form && form.dataset.label) text = fill(form.dataset.label);
    return text.replace(/\s+/g, " ").trim() || words("entryWord", "Entry");
  }

  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
  const symbol = (card) => {
    const m = /^(.*?)([cdhs])$/i.exec(card || "");
    return m ? m[1] + SUITS[m[2].toLowerCase()] : card;
  };

  document.addEventListener("htmx:configRequest", (event) => {
    const detail = event.detail;
    const found = detail.verb === "post" && ACT.exec(detail.path);
    if (!found) return;
    event.preventDefault();
    const match = found[1];
    if (takeBackWaiting(match, detail.elt)) return;
    const body = new URLSearchParams();
    for (const [k, v] of detail.formData) if (typeof v === "string") body.append(k, v);
    // A form sent by its card's second tap names its button as the submitter.
    const submitter = detail.triggeringEvent && detail.triggeringEvent.submitter;
    if (submitter && submitter.name && !body.has(submitter.name)) body.append(submitter.name, submitter.value);
    // A button that posts by itself (hx-post on the button) is the control that sent the entry.
    const control = submitter || (detail.elt.tagName === "FORM" ? null : detail.elt);
    const queue = load(match);
    if (queue.length) body.delete("expect"); // judged by the state it finds when it arrives
    /* An id of its own for every entry queued: a page drawn again from the service worker's
       cache carries the id it carried before, which an earlier entry may have taken. */
    const id = freshId();
    body.set("id", id);
    const entry = { id, path: detail.path, body: body.toString(), label: label(detail.elt.closest("form"), control, body),
                    status: "waiting" };
    /* While an entry is held refused, the board is the table as it was before it, and so are
       the keys: what is tapped now is what the refused entry should have been (the card meant,
       not the card typed). It takes the refused entry's place, and the entries behind it go
       after it, in order. An undo is not a mend: it joins the queue's end as always. */
    const refused = queue.findIndex((e) => e.status === "refused");
    if (refused >= 0 && !isUndo(entry)) queue.splice(refused, 1, entry);
    else {
      /* An undo queued behind an entry already sent is meant for that entry: should the
         referee turn that entry down, the undo goes with it (sent, it would take back the
         entry before it, or the mend put in its place). */
      const meant = isUndo(entry) ? newestUnanswered(queue) : null;
      if (meant && !isUndo(meant)) entry.undoes = meant.id;
      queue.push(entry);
    }
    /* The form stays on screen until the referee answers (offline, until the connection is
       back): its next entry needs an id of its own, and starts from the form as it came. Left
       picked, a card's suit would go out again with the next rank tapped, by that one tap. */
    const form = detail.elt.closest("form");
    if (form) {
      form.reset();
      clearPicks(form);
      form.querySelectorAll(".card-tray").forEach((tray) => { if (trayCards(tray).length) setTray(tray, []); });
      prepare(form);
      const idInput = form.querySelector('input[name="id"]');
      if (idInput) idInput.value = freshId();
      /* A part opened for this entry ("Sell the bank") closes, as the page the referee draws
         after an entry has it: left open, it keeps the next entry's keys off the screen. One
         the page was drawn with open (the bank's next draw) stays open. */
      const origin = control || (form.contains(document.activeElement) ? document.activeElement : null);
      for (let part = origin && origin.closest("details"); part && form.contains(part);
        part = part.parentElement.closest("details")) part.open = part.dataset.drawn === "open";
    }
    save(match, queue);
    renderQueue();
    flush(match);
  });

  const freshId = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

  /* A form reset goes back to the picks the page was drawn with. A page drawn for a refusal
     has the refused entry's picks (its card, its player): left so, they would go out again
     with the next entry, a card's suit by one tap on a rank. They are cleared, all but a suit
     known in advance (the led suit). On any other page the picks drawn are those the next
     entry starts from (the next player to stake, the hand a bet is for). */
  function clearPicks(form) {
    const panel = form.closest("#panel");
    if (!panel || !panel.querySelector("#answer .message.error")) return;
    form.querySelectorAll("fieldset.picker").forEach((picker) => {
      const known = picker.dataset.suit || "";
      picker.querySelectorAll("input[type=radio]").forEach((input) => {
        input.checked = known !== "" && /\.suit$/.test(input.name) && input.value === known;
      });
    });
  }

  /* The newest entry in the queue that the referee has not answered: what the Undo on the
     answer line takes back while entries wait. Sent as an undo without it, an undo would take
     back whatever was last when it arrived, not the entry its line named. */
  function newestUnanswered(queue) {
    const last = queue[queue.length - 1];
    return last && (last.status === "waiting" || last.status === "sending") ? last : null;
  }

  /* A queued undo is not taken back by the next Undo: tapped twice, Undo takes back two
     entries, as it does online. */
  const isUndo = (entry) => new URLSearchParams(entry.body).get("type") === "undo";

  /* One never sent is taken back here on the phone, and nothing is sent. One that was sent (or
     is being sent) may be on the referee already: a real undo goes in the queue behind it,
     and takes back exactly that entry, whose resend is answered as the first time. */
  function takeBackWaiting(match, elt) {
    const form = elt.closest && elt.closest("form.undo");
    const queue = form ? load(match) : [];
    const last = newestUnanswered(queue);
    if (!last || last.tried || last.status !== "waiting" || isUndo(last)) return false;
    queue.pop();
    save(match, queue);
    renderQueue();
    return true;
  }

  /* The Undo on the answer line names what it takes back: the newest unanswered entry while
     there is one, else the referee's last entry, as the page was drawn. The button, when it
     names the newest entry in the queue (else null). */
  function labelUndo(queue) {
    const button = document.querySelector("#answer form.undo .undo-button");
    if (!button) return null;
    const text = button.querySelector("span") || button;
    if (button.dataset.drawn === undefined) {
      button.dataset.drawn = text.textContent;
      button.dataset.drawnLabel = button.getAttribute("aria-label") || "";
    }
    const last = newestUnanswered(queue);
    if (last && isUndo(last)) {
      // What the referee had before the entry being undone is not known here: no name.
      text.textContent = words("undoWord", "Undo");
      button.setAttribute("aria-label", text.textContent);
      return null;
    }
    if (last) {
      const named = words("undoKept", "Undo: {entry}").replace("{entry}", last.label);
      text.textContent = named;
      button.setAttribute("aria-label", named);
      return button;
    }
    text.textContent = button.dataset.drawn;
    button.setAttribute("aria-label", button.dataset.drawnLabel);
    return null;
  }

  async function flush(match) {
    if (sending) return;
    const queue = load(match);
    const next = queue.find((e) => e.status === "waiting");
    if (!next || queue.some((e) => e.status === "refused")) { renderQueue(); return; }
    if (!navigator.onLine) { waitForNetwork(match, queue, next); return; }
    sending = true;
    next.status = "sending";
    next.tried = true;
    save(match, queue);
    renderQueue();
    /* Until this entry's answer is read and recorded, nothing else is sent: a second flush
       (the "online" event, the retry timer) would otherwise send the entry behind it before a
       refusal of this one could hold it back. */
    let response = null;
    let html = "";
    try {
      response = await fetch(next.path, {
        method: "POST", body: next.body, credentials: "same-origin",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                   "X-CSRFToken": csrfToken() },
      });
      html = await response.text();
    } catch (_e) {
      response = null;
    }
    sending = false;
    const now = load(match);
    const entry = now.find((e) => e.id === next.id);
    if (!entry) { renderQueue(); return; }
    if (response === null || response.status >= 500) {
      waitForNetwork(match, now, entry);
      return;
    }
    /* Refused, or not made because another phone entered first (409): the entry is not on the
       referee, and neither is anything to undo. The entries behind it wait for the scorer. */
    const notMade = response.status >= 400;
    const kept = notMade ? now.filter((e) => e.undoes !== entry.id) : now;
    const rest = kept.filter((e) => e !== entry);
    if (notMade && rest.length) {
      entry.status = "refused";
      entry.message = refusalText(html);
      save(match, kept);
    } else {
      save(match, rest);
    }
    swapBoard(html);
    settle(document);
    if (load(match).some((e) => e.status === "waiting")) flush(match);
  }

  /* Not reached the referee (or it could not answer): keep the entry and try again later. */
  function waitForNetwork(match, queue, entry) {
    toResend(entry);
    entry.offline = true;
    save(match, queue);
    renderQueue();
    scheduleRetry(match);
  }

  function scheduleRetry(match) {
    if (retry) return;
    retry = setTimeout(() => { retry = null; flush(match); }, RETRY_MS);
  }

  function refusalText(html) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    // The reason, without the link to its rule (the answer shows both).
    const error = doc.querySelector(".answer .error > p:first-child") || doc.querySelector(".answer .error, .answer .notice");
    return error ? error.textContent.replace(/\s+/g, " ").trim() : "";
  }

  /* htmx puts the new board in before it takes the old one out, and for that moment a fold
     group ("pt-fold": opening one part closes the others) spans both boards: the browser then
     closes a part the new board draws open whenever one of the old board's is open. An entry's
     answer is drawn for what was entered (the bank's draw stays open for its next card), so
     the old board's parts leave their group first. A poll's board is swapped by htmx as it
     comes: there the part the scorer opened, kept by hx-preserve, is to win, and it does. */
  function leaveFoldGroups(old) {
    old.querySelectorAll("details[name][open]").forEach((part) => part.removeAttribute("name"));
  }

  function swapBoard(html) {
    const board = document.getElementById("board");
    if (!board || !window.htmx) return;
    leaveFoldGroups(board);
    window.htmx.swap(board, html, { swapStyle: "outerHTML" });
  }

  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (_e) { return ""; }
  }

  const currentMatch = () => {
    const board = document.getElementById("board");
    return board ? board.dataset.match : null;
  };

  /* The queue is one line above the keys, so they stay on screen. While entries wait it says
     why and how many, and names the newest beside the Undo that takes it back: the answer
     line's Undo, the referee's last entry and what was confirmed give way, as they are not
     what that Undo takes back (referee.css). Offline the line says so in place of the note,
     whose words go into the part that unfolds: why the entries wait, and all of them. An
     entry refused with others behind it: the entry, the reason (unless the answer above gives
     it) and how many wait behind it, with Remove it; unfolded, that Undo too. The
     line's state is in data- attributes: htmx settles a swapped page's classes back to the
     server's. */
  function renderQueue() {
    const match = currentMatch();
    const box = document.getElementById("queue");
    if (!match || !box) return;
    const queue = load(match);
    const undo = labelUndo(queue);
    const wasOpen = Boolean(box.querySelector("details[open]"));
    const refused = queue.find((e) => e.status === "refused");
    const offline = !navigator.onLine || queue.some((e) => e.offline && e.status !== "sending");
    box.hidden = queue.length === 0;
    box.toggleAttribute("data-kept", queue.length > 0 && offline && !refused);
    box.toggleAttribute("data-held", Boolean(refused));
    box.toggleAttribute("data-named", queue.length > 0 && Boolean(undo));
    if (!queue.length) { box.replaceChildren(); return; }
    const more = document.createElement("details");
    more.className = "queue-more";
    more.open = wasOpen;
    const head = document.createElement("summary");
    head.className = "queue-head";
    const line = (className, text) => {
      const span = document.createElement("span");
      span.className = className;
      span.textContent = text;
      return span;
    };
    const newest = queue[queue.length - 1];
    if (refused) {
      const behind = queue.length - 1 - queue.indexOf(refused);
      const what = line("queue-count", words("refusedEntry", "Refused: {entry}").replace("{entry}", refused.label));
      /* Glued to the entry's last word and kept whole: a line never starts with "·". */
      what.append("\u00a0", line("queue-behind", "· " + words("behind", "{n} behind it").replace("{n}", String(behind))));
      /* The reason whole: it is the answer the held entries wait on, and its end is often the
         point ("… Joker on bank A and A♦ …"). */
      head.append(what, line("queue-reason", refused.message || ""));
    } else {
      const count = (offline ? words("kept", "Offline: {n} kept on this phone") : words("sendingCount", "Sending: {n}"))
        .replace("{n}", String(queue.length));
      head.append(line("queue-count", count), " ", line("queue-last", newest.label));
    }
    const why = document.createElement("p");
    why.className = "queue-why";
    const note = document.getElementById("offline-note");
    if (refused) why.textContent = words("held", "The entries after it wait: enter what it should have been, or remove it.");
    else if (offline) {
      why.textContent = [navigator.onLine || !note ? "" : note.textContent.trim(),
        words("offline", "These entries are kept on this phone and sent when the referee can be reached. They are not checked until then.")].join(" ").trim();
    } else why.textContent = words("waiting", "Sending: not checked until the referee has it.");
    const list = document.createElement("ol");
    list.className = "queue-list";
    queue.forEach((entry) => {
      const item = document.createElement("li");
      item.className = `queued ${entry.status}`;
      item.dataset.id = entry.id;
      const status = entry.status === "refused"
        ? `${words("refused", "refused")}: ${entry.message || ""}`
        : words(entry.status === "sending" ? "sendingWord" : "waitingWord", entry.status === "sending" ? "sending" : "waiting to send");
      item.append(line("", entry.label), " — ", line("queue-status", status));
      list.append(item);
    });
    more.append(head, why, list);
    const actions = document.createElement("div");
    actions.className = "queue-actions";
    if (refused) {
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "queue-drop";
      drop.textContent = words("dropEntry", "Remove it");
      drop.setAttribute("aria-label", words("dropNamed", "Remove {entry} and send those after it").replace("{entry}", refused.label));
      drop.addEventListener("click", () => {
        save(match, load(match).filter((e) => e.id !== refused.id));
        renderQueue();
        flush(match);
      });
      actions.append(drop);
    }
    if (undo) {
      // The answer line's own Undo, hidden: one way to undo, whichever line shows it. Beside
      // a refusal the line has room for Remove it only: the Undo is in what it unfolds to.
      const take = document.createElement("button");
      take.type = "button";
      take.className = "queue-undo";
      take.textContent = refused ? undo.getAttribute("aria-label") || "" : words("undoWord", "Undo");
      take.setAttribute("aria-label", undo.getAttribute("aria-label") || "");
      take.addEventListener("click", () => undo.form.requestSubmit(undo));
      (refused ? more : actions).append(take);
    }
    box.replaceChildren(more, actions);
  }

  window.addEventListener("online", () => { const m = currentMatch(); showOnline(); if (m) flush(m); });
  window.addEventListener("offline", showOnline);

  /* Offline, the page is the table as this phone last saw it: it says so, and does not poll. */
  function showOnline() {
    const note = document.getElementById("offline-note");
    if (note) note.hidden = navigator.onLine;
  }
  document.addEventListener("htmx:beforeRequest", (event) => {
    if (!navigator.onLine && event.detail.requestConfig && event.detail.requestConfig.verb === "get") {
      event.preventDefault();
    }
  });

  // --- the panel never hides the board, and the screen stays awake ------------------------

  /* The board keeps room for the panel below it. The room only grows while the page is open:
     were it to shrink when a shorter panel swaps in, the page could jump under the finger. */
  let room = 0;
  function fitPanel() {
    const panel = panelOf();
    room = Math.max(room, panel ? panel.offsetHeight : 0);
    document.documentElement.style.setProperty("--panel-h", `${room}px`);
  }
  const resize = window.ResizeObserver ? new ResizeObserver(fitPanel) : null;

  let lock = null;
  const wakeWanted = () => localStorage.getItem("referee:wake") !== "off";

  async function keepAwake() {
    const toggle = document.getElementById("wake");
    if (toggle) toggle.checked = wakeWanted();
    document.documentElement.dataset.wake = "off";
    if (!wakeWanted() || !("wakeLock" in navigator) || document.visibilityState !== "visible") return;
    if (lock && !lock.released) { document.documentElement.dataset.wake = "on"; return; }
    try {
      document.documentElement.dataset.wake = "asked";
      lock = await navigator.wakeLock.request("screen");
      document.documentElement.dataset.wake = "on";
      lock.addEventListener("release", () => { document.documentElement.dataset.wake = "off"; });
    } catch (_e) {
      document.documentElement.dataset.wake = "refused";
    }
  }

  document.addEventListener("change", (event) => {
    if (event.target.id !== "wake") return;
    localStorage.setItem("referee:wake", event.target.checked ? "on" : "off");
    if (!event.target.checked && lock) { lock.release(); lock = null; }
    keepAwake();
  });
  document.addEventListener("visibilitychange", keepAwake);

  /* A board replaced by an entry's answer may still have a poll on its way. Answered later,
     it would be swapped in for a board no longer on screen, and htmx's keeping of the
     half-made entry would move the live keys into it: the keys would vanish. The event is
     fired on the old board, which no longer passes events up to the document, so each board
     carries its own guard. */
  const guarded = new WeakSet();
  function dropLateAnswers(board) {
    if (!board || guarded.has(board)) return;
    guarded.add(board);
    board.addEventListener("htmx:beforeSwap", (event) => {
      if (!board.isConnected) event.detail.shouldSwap = false;
    });
  }

  function settle(root) {
    dropLateAnswers(document.getElementById("board"));
    prepare(root || document);
    const panel = panelOf();
    if (resize && panel) { resize.disconnect(); resize.observe(panel); }
    fitPanel();
    renderQueue();
    showOnline();
  }

  /* An entry waits to go (again): with its own id and no "expect", it is entered once,
     against the table as it is then. */
  function toResend(entry) {
    entry.status = "waiting";
    const body = new URLSearchParams(entry.body);
    body.delete("expect");
    entry.body = body.toString();
  }

  /* A page left while an entry was being sent (closed, reloaded) left it marked "sending":
     it goes again, first. */
  function resumeSending(match) {
    const queue = load(match);
    const stale = queue.filter((e) => e.status === "sending");
    stale.forEach((entry) => { toResend(entry); entry.tried = true; });
    if (stale.length) save(match, queue);
  }

  document.addEventListener("htmx:afterSwap", () => settle(document));
  document.addEventListener("DOMContentLoaded", () => {
    if (!currentMatch()) return;
    resumeSending(currentMatch());
    settle(document);
    keepAwake();
    flush(currentMatch());
  });
})();
