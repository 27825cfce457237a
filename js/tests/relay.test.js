import { afterEach, describe, expect, it } from "vitest";
import nains from "../src/nains.js";
import { startRelay } from "../src/kit/relay.js";
import { createFakeModel, renderWidget } from "./fake_model.js";
import fixtures from "./fixtures/nains.json" with { type: "json" };

afterEach(() => document.body.replaceChildren());

/** A WebSocket that records what it is asked and lets the test play the server. */
function fakeSockets() {
  const opened = [];
  class FakeSocket {
    constructor(address) {
      this.address = address;
      this.readyState = 0;
      this.sent = [];
      this.closed = false;
      opened.push(this);
    }
    send(text) {
      this.sent.push(text);
    }
    close() {
      this.closed = true;
      this.readyState = 3;
      this.onclose?.();
    }
    accept() {
      this.readyState = 1;
      this.onopen?.();
    }
    frame(data) {
      this.onmessage?.({ data });
    }
    drop() {
      this.readyState = 3;
      this.onclose?.();
    }
  }
  return { opened, FakeSocket };
}

function relayed(address = "ws://10.0.0.2:8765/") {
  const model = createFakeModel({ relay: address });
  const { opened, FakeSocket } = fakeSockets();
  const timers = [];
  const stop = startRelay(model, { WebSocketClass: FakeSocket, later: (run, ms) => timers.push({ run, ms }) });
  return { model, opened, timers, stop, screen: () => model.sent[0]?.screen };
}

describe("the page's relay of a table server's socket (join_via='browser')", () => {
  it("opens nothing for a widget that is not joined through the page", () => {
    const model = createFakeModel({ relay: "" });
    const { opened, FakeSocket } = fakeSockets();
    startRelay(model, { WebSocketClass: FakeSocket });
    expect(opened).toEqual([]);
    expect(model.listenerCount()).toBe(0);
  });

  it("says open, relays every text frame as an intent, and sends only what Python writes to it", () => {
    const { model, opened, screen } = relayed();
    expect(opened.map((socket) => socket.address)).toEqual(["ws://10.0.0.2:8765/"]);
    opened[0].accept();
    expect(model.sent).toEqual([{ type: "relay", event: "open", screen: screen() }]);
    expect(screen()).toMatch(/^[0-9a-f]{16}$/);
    opened[0].frame('{"type":"joined"}');
    opened[0].frame(new ArrayBuffer(4)); // the server sends text only: a binary frame is dropped
    expect(model.sent.slice(1)).toEqual([{ type: "relay", event: "frame", screen: screen(), text: '{"type":"joined"}' }]);
    model.custom({ relay: "send", screen: "another-page", text: "not mine" });
    model.custom({ relay: "send", screen: screen(), text: '{"type":"join"}' });
    model.custom({ relay: "send", screen: screen(), text: { not: "text" } });
    expect(opened[0].sent).toEqual(['{"type":"join"}']);
  });

  it("opens again after a loss, backing off, and stops for good when told", () => {
    const { model, opened, timers, screen } = relayed();
    opened[0].accept();
    opened[0].drop();
    expect(model.sent.at(-1)).toEqual({ type: "relay", event: "closed", screen: screen() });
    expect(timers.map((timer) => timer.ms)).toEqual([100]);
    timers[0].run();
    opened[1].drop(); // the server is still away: a longer wait
    expect(timers.map((timer) => timer.ms)).toEqual([100, 200]);
    timers[1].run();
    opened[2].accept();
    opened[2].frame("{}"); // it answered: the next loss waits the shortest again
    opened[2].drop();
    expect(timers.map((timer) => timer.ms)).toEqual([100, 200, 100]);
    timers[2].run();
    model.custom({ relay: "stop", screen: screen() });
    expect(opened[3].closed).toBe(true);
    expect(timers).toHaveLength(3);
    expect(model.listenerCount()).toBe(0);
  });

  it("two pages of one notebook relay with different ids", () => {
    const first = relayed();
    const second = relayed();
    first.opened[0].accept();
    second.opened[0].accept();
    expect(first.screen()).not.toEqual(second.screen());
  });

  it("shows a line until the server's first view is relayed, then the game", () => {
    const { model, $, cleanup } = renderWidget(nains, {
      relay: "ws://10.0.0.2:8765/", observation: {}, seats: ["human", "human"], private_information: true,
    });
    expect($(".ludo-connecting").textContent).toBe("Connexion à la table (ws://10.0.0.2:8765/)…");
    expect($(".nn")).toBeNull();
    model.set("observation", structuredClone(fixtures.play));
    expect($(".ludo-connecting")).toBeNull();
    expect($(".nn")).not.toBeNull();
    cleanup();
    expect(model.listenerCount()).toBe(0);
  });

  it("mounts at once a widget whose view is already there", () => {
    const { $ } = renderWidget(nains, { relay: "ws://10.0.0.2:8765/", observation: structuredClone(fixtures.play), private_information: true });
    expect($(".ludo-connecting")).toBeNull();
    expect($(".nn")).not.toBeNull();
  });
});

describe("a table server's seat offers only what such a table does", () => {
  it("hides new game, taking back, hint, seats, options, speed and review; keeps the board, moves and language", () => {
    const remote = renderWidget(nains, {
      observation: structuredClone(fixtures.play), private_information: true,
      game_info: { remote: true, options: {}, levels: {} },
    });
    for (const selector of [".ludo-buttons", ".ludo-seats", ".ludo-speed-input", ".ludo-gr-ask"]) {
      const el = remote.$(selector);
      expect(el, selector).not.toBeNull();
      expect(el.closest("[hidden]"), selector).not.toBeNull();
    }
    expect(remote.$(".nn").closest("[hidden]")).toBeNull();
    expect(remote.$(".ludo-lang").closest("[hidden]")).toBeNull();
    const local = renderWidget(nains, { observation: structuredClone(fixtures.play), private_information: true });
    expect(local.$(".ludo-buttons").closest("[hidden]")).toBeNull();
  });
});
