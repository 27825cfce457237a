// A table server's WebSocket, held by the page for a seat joined with join_via="browser"
// (the offline site, whose Python has no sockets): tables/relay.py is the other half.
//
// The page only carries frames: Python writes every frame it sends (the seat's token is in
// its first) and reads every frame the server sends, as `relay` intents. The server sends a
// seat only what the seat may see, so the page learns nothing its widget does not show.
// Each page relaying says who it is (a random id): Python speaks through the last one to
// open, and tells the one before it to stop.

const RETRY_MS = [100, 200, 500, 1000, 2000];

/** A screen's id: random, so two pages of one notebook are told apart. */
function screenId() {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Open the socket of `model.get("relay")` (nothing when it is ""), relay it, and reconnect
 * after a loss, backing off; returns the function that stops it all. `WebSocketClass` and
 * `later` are for tests.
 */
export function startRelay(model, { WebSocketClass = globalThis.WebSocket, later = setTimeout } = {}) {
  const address = model.get("relay");
  if (!address) return () => {};
  const screen = screenId();
  let socket = null;
  let stopped = false;
  let attempt = 0;
  let timer = null;
  const say = (event, text) => model.send(text === undefined ? { type: "relay", event, screen } : { type: "relay", event, screen, text });

  function connect() {
    timer = null;
    const opened = new WebSocketClass(address);
    socket = opened;
    opened.onopen = () => say("open");
    opened.onmessage = (message) => {
      if (typeof message.data !== "string") return; // the server sends text only
      attempt = 0; // it answered: the next loss starts the backoff again
      say("frame", message.data);
    };
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      if (stopped) return;
      say("closed");
      timer = later(connect, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      attempt += 1;
    };
  }

  function stop() {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    model.off("msg:custom", onMessage);
    socket?.close();
    socket = null;
  }

  function onMessage(message) {
    if (message?.screen !== screen) return; // another page's, or another widget's message
    if (message.relay === "send" && typeof message.text === "string" && socket?.readyState === 1) socket.send(message.text);
    else if (message.relay === "stop") stop();
  }

  model.on("msg:custom", onMessage);
  connect();
  return stop;
}
