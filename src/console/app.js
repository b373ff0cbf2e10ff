// The operator console's script (no framework, no build step). Everything the daemon sends is put
// on the page with textContent, never as HTML: action texts, halt descriptions and audit data are
// written by agents.
//
// The console token arrives once in the URL fragment (`haltkey console` prints the URL), is taken
// out of the address bar and history at once, and is kept in this closure only: never stored,
// never in a URL the server sees, sent as a header on every API call.
"use strict";

(() => {
  const POLL_MS = 1500;
  const AUDIT_LIMIT = 50;
  const $ = (id) => document.getElementById(id);

  const token = (() => {
    const m = /^#token=([0-9a-f]{64})$/.exec(location.hash);
    if (location.hash) history.replaceState(null, "", location.pathname);
    return m ? m[1] : undefined;
  })();

  /** One element; children are elements or strings (set as text). */
  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = String(v);
      else e.setAttribute(k, String(v));
    }
    for (const c of children) if (c !== undefined && c !== null) e.append(typeof c === "string" ? document.createTextNode(c) : c);
    return e;
  }

  function say(text, kind) {
    const m = $("message");
    m.hidden = false;
    m.textContent = text;
    m.className = `message ${kind || ""}`;
    m.dataset.kind = kind || "info";
  }

  async function api(path, body) {
    const res = await fetch(path, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body || {}),
      credentials: "omit",
      cache: "no-store",
      redirect: "error",
    });
    const data = await res.json().catch(() => ({}));
    if (!res.ok) {
      const err = new Error(data.error ? `${data.error.code}: ${data.error.message}` : `HTTP ${res.status}`);
      err.code = data.error ? data.error.code : undefined;
      err.status = res.status;
      throw err;
    }
    return data;
  }

  const time = (iso) => (iso ? new Date(iso).toLocaleTimeString() : "");
  const clip = (s, n) => (s.length > n ? `${s.slice(0, n)}…` : s);

  function fill(list, items, render, emptyText) {
    list.replaceChildren(...(items.length > 0 ? items.map(render) : [el("li", { class: "empty", text: emptyText })]));
  }

  // ---------------------------------------------------------------- approving and enrolling

  async function approve(requestId, text, button) {
    button.disabled = true;
    say(`Touch your key to approve ${requestId}:\n${text}`);
    try {
      for (let attempt = 0; ; attempt++) {
        const begin = await api("/api/approve/begin", { requestId });
        const response = await SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: begin.options });
        try {
          const r = await api("/api/approve/finish", { ceremonyId: begin.ceremonyId, response });
          say(`Approved ${r.requestId} with browser key "${r.label}".`, "ok");
          break;
        } catch (e) {
          // The display rendered the request again meanwhile: ask once more for the new challenge.
          if (e.code === "STALE_CHALLENGE" && attempt === 0) continue;
          throw e;
        }
      }
    } catch (e) {
      say(`Not approved: ${e.message}`, "error");
    } finally {
      button.disabled = false;
      refreshNow();
    }
  }

  async function deny(requestId, button) {
    button.disabled = true;
    try {
      await api("/api/deny", { requestId });
      say(`Denied ${requestId}: the agent is told not to take the action.`, "ok");
    } catch (e) {
      say(`Not denied: ${e.message}`, "error");
    } finally {
      button.disabled = false;
      refreshNow();
    }
  }

  async function enroll(label, button) {
    button.disabled = true;
    try {
      const begin = await api("/api/enroll/begin", { label });
      say("Touch your authenticator to create the credential…");
      const response = await SimpleWebAuthnBrowser.startRegistration({ optionsJSON: begin.options });
      const r = await api("/api/enroll/finish", { ceremonyId: begin.ceremonyId, response });
      say(r.message, "ok");
      $("enroll-label").value = "";
    } catch (e) {
      say(`Not enrolled: ${e.message}`, "error");
    } finally {
      button.disabled = false;
      refreshNow();
    }
  }

  $("enroll-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const label = $("enroll-label").value.trim();
    if (label) void enroll(label, $("enroll-button"));
  });

  // ---------------------------------------------------------------- rendering

  function approveButton(requestId, text) {
    const b = el("button", { type: "button", "data-action": "approve", "data-request-id": requestId, text: "Approve with this browser's key" });
    b.addEventListener("click", () => void approve(requestId, text, b));
    return b;
  }

  function denyButton(requestId) {
    const b = el("button", { type: "button", class: "deny", "data-action": "deny", "data-request-id": requestId, text: "Deny" });
    b.addEventListener("click", () => void deny(requestId, b));
    return b;
  }

  /**
   * The whole action and the digest an approval binds, when the display shows less of it (file
   * contents left out): the operator can read what is written before approving.
   */
  function fullAction(p) {
    if (typeof p.action !== "string") return undefined;
    return el(
      "details",
      { class: "full-action" },
      el("summary", { text: `Full action (${p.action.length} chars), digest ${p.actionDigest}` }),
      el("pre", { class: "full-text", text: p.action }),
    );
  }

  const renderers = {
    pending(s) {
      fill($("pending"), s.pending, (p) =>
        el(
          "li",
          { "data-request-id": p.id, "data-kind": p.kind },
          el("span", { class: "kind", text: p.enrolment ? "browser key enrolment" : p.kind }),
          el("span", { class: "meta", text: `${p.id} · expires ${time(p.expiresAt)} · ${p.onDisplay ? "on the display" : "not on the display now"}` }),
          el("div", { class: "text", text: p.text }),
          fullAction(p),
          p.enrolment
            ? el("p", { class: "meta", text: `Only an enrolled security key approves an enrolment: haltkey approve ${p.id}` })
            : p.browserApprovable
              ? approveButton(p.id, p.text)
              : el("p", { class: "meta", text: `Approve on the device, or with haltkey approve ${p.id}` }),
          denyButton(p.id),
        ),
      "Nothing is waiting.");
    },
    blocks(s) {
      fill($("blocks"), s.blocks, (b) =>
        el(
          "li",
          { "data-agent": b.agent },
          el("span", { class: "kind", text: "blocked" }),
          el("span", { class: "meta", text: `agent ${b.agent} · since ${time(b.since)}${b.verificationId ? ` · challenge ${b.verificationId}` : " · a new challenge comes on the agent's next contact"}` }),
          el("div", { class: "text", text: b.text || b.reason }),
          fullAction(b),
          el("p", { class: "meta", text: b.reason }),
          b.browserApprovable ? approveButton(b.verificationId, b.text) : undefined,
        ),
      "No agent is blocked.");
    },
    halts(s) {
      fill($("halts"), s.halts, (h) =>
        el(
          "li",
          { "data-halt-id": h.id },
          el("span", { class: `kind severity-${h.severity}`, text: `${h.severity} halt` }),
          el("span", { class: "meta", text: `${h.condition || h.type} · session ${h.sessionToken} · ${time(h.triggeredAt)}${h.escalated ? ` · escalated (${h.escalated})` : ""}` }),
          el("div", { class: "text", text: h.description }),
        ),
      "No unacknowledged halt.");
    },
    executions(s) {
      fill($("executions"), s.executions, (e) =>
        el(
          "li",
          { "data-execution-id": e.id, "data-steps": e.steps },
          el("span", { class: "kind", text: e.agent }),
          el("span", { class: "meta", text: `${e.steps} step${e.steps === 1 ? "" : "s"} · ${e.autonomousSteps}/${e.max} autonomous since a human approved · ${e.id}` }),
        ),
      "No active execution.");
    },
    keys(s) {
      fill($("keys"), s.keys, (k) =>
        el(
          "li",
          { "data-key-id": k.id, "data-transport": k.transport },
          el("span", { class: "kind", text: k.label }),
          el("span", { class: "meta", text: `${k.transport === "browser" ? "browser (WebAuthn)" : `${k.protocol} over USB`} · credential ${k.short} · counter ${k.counter} · enrolled ${time(k.enrolledAt)}${k.lastUsedAt ? ` · last used ${time(k.lastUsedAt)}` : ""}` }),
        ),
      "No key is enrolled.");
    },
    enrolments(s) {
      fill($("enrolments"), s.enrolments, (e) =>
        el(
          "li",
          { "data-enrolment-id": e.requestId, "data-status": e.status },
          el("span", { class: "kind", text: e.status }),
          el("span", { class: "meta", text: `"${e.label}" · credential ${e.credential} · request ${e.requestId}${e.error ? ` · ${e.error}` : ""}` }),
          e.status === "pending" ? el("p", { class: "meta", text: `Approve with an enrolled security key: haltkey approve ${e.requestId}` }) : undefined,
        ),
      "No enrolment from this console.");
    },
    audit(s) {
      const c = s.audit.chain;
      const chain = $("chain");
      chain.className = `chain ${c.ok ? "ok" : "broken"}`;
      chain.dataset.ok = String(c.ok);
      chain.textContent = c.ok
        ? `Chain intact: ${c.records} records, head #${s.audit.head.seq} ${s.audit.head.hash.slice(0, 16)}`
        : `CHAIN BROKEN: ${c.problems.join("; ")}`;
      const cp = c.checkpoints;
      const signed = $("checkpoint");
      signed.textContent = !cp
        ? ""
        : cp.last
          ? `Last signed checkpoint: record #${cp.last.seq} (${time(cp.last.at)}, key ${cp.last.label ?? cp.last.key.slice(0, 16)}) signs the chain up to #${cp.last.head.seq}; ${cp.unsigned} records after it are unsigned.`
          : `No signed checkpoint yet: all ${cp.unsigned} records are unsigned (an approval by a security-key touch signs one).`;
      signed.dataset.seq = cp?.last ? String(cp.last.seq) : "";
      const records = [...s.audit.records].reverse();
      fill($("audit"), records, (r) =>
        el("li", { value: r.seq, "data-type": r.type, "data-seq": r.seq }, `${time(r.ts)} ${r.type}${r.agent ? ` [${r.agent}]` : ""} `, el("span", { class: "meta", text: clip(JSON.stringify(r.data), 400) })),
      "No records.");
    },
  };

  const last = {};
  function render(s) {
    const banner = $("banner");
    banner.hidden = !s.simulated;
    banner.textContent = s.simulated ? "SIMULATED HARDWARE: no security" : "";
    // Only what changed is rebuilt, so a button is not replaced under the operator's pointer.
    for (const [name, draw] of Object.entries(renderers)) {
      const part = JSON.stringify(name === "audit" ? s.audit : s[name]);
      if (last[name] === part) continue;
      last[name] = part;
      draw(s);
    }
    document.body.dataset.loaded = "true";
  }

  let timer;
  let inFlight = false;
  let again = false;
  async function refresh() {
    // One poll at a time; a refresh asked for meanwhile runs right after it.
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    clearTimeout(timer);
    try {
      const s = await api("/api/state", { auditLimit: AUDIT_LIMIT });
      const c = $("connection");
      c.className = "connection";
      c.textContent = `${s.mode} · live · haltkey ${s.version}${s.storeFailed ? " · STORE FAILED" : ""}`;
      render(s);
    } catch (e) {
      const c = $("connection");
      c.className = "connection down";
      c.textContent = `not connected: ${e.message}`;
    } finally {
      inFlight = false;
      if (again) {
        again = false;
        void refresh();
      } else timer = setTimeout(refresh, POLL_MS);
    }
  }
  const refreshNow = () => void refresh();

  if (!token) {
    say("This page needs the console token. Open the URL that `haltkey console` prints.", "error");
    $("connection").textContent = "no token";
    return;
  }
  if (typeof SimpleWebAuthnBrowser === "undefined" || !SimpleWebAuthnBrowser.browserSupportsWebAuthn()) {
    say("This browser offers no WebAuthn here: the console shows state, but cannot approve.", "error");
  }
  void refresh();
})();
