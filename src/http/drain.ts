// Graceful drain of an HTTP server. Node's own server.close() destroys every idle keep-alive
// socket at once, which races with a client that is just sending its next request on it (the
// client sees ECONNRESET / "socket hang up"). Here, once draining: every response not yet
// started says `Connection: close` (so the socket ends after it and the client reconnects
// elsewhere), a socket is closed only after it has been idle for IDLE_CLOSE_MS (a client still
// using it would have sent its request by then), and whatever is left at the grace deadline is
// destroyed.
import type http from 'node:http';
import net from 'node:net';

/** An idle keep-alive socket is closed once it has been idle this long while draining. */
const IDLE_CLOSE_MS = 500;

interface SocketState {
  responses: Set<http.ServerResponse>;
  idleSince: number;
}

export interface Drainer {
  /** Closes the listener only: open connections are served as before. */
  stopAccepting(): void;
  /** Stops accepting, lets in-flight requests finish, resolves once every socket has closed. */
  drain(graceMs: number): Promise<void>;
}

export function trackConnections(server: http.Server): Drainer {
  const sockets = new Map<net.Socket, SocketState>();
  let draining = false;

  server.on('connection', (socket: net.Socket) => {
    sockets.set(socket, { responses: new Set(), idleSince: Date.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  // Before the application's listener, so the header is in place whatever the route does.
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    const state = sockets.get(req.socket as net.Socket);
    if (!state) return;
    state.responses.add(res);
    res.once('close', () => {
      state.responses.delete(res);
      state.idleSince = Date.now();
    });
  });

  const closeIdle = (now: number) => {
    for (const [socket, state] of sockets) {
      if (state.responses.size === 0 && now - state.idleSince >= IDLE_CLOSE_MS) socket.destroy();
    }
  };

  // net's close, not http's: http's would destroy idle keep-alive sockets right now. It closes
  // the listening socket at once; the callback waits for the last connection.
  let closed: Promise<void> | undefined;
  const stopAccepting = () =>
    (closed ??= new Promise<void>((resolve) => {
      net.Server.prototype.close.call(server, () => resolve());
    }));

  let drained: Promise<void> | undefined;
  return {
    stopAccepting: () => void stopAccepting(),
    drain(graceMs) {
      return (drained ??= (async () => {
        draining = true;
        for (const state of sockets.values()) {
          for (const res of state.responses) if (!res.headersSent) res.setHeader('Connection', 'close');
        }
        const sweep = setInterval(() => closeIdle(Date.now()), 100);
        const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
        closeIdle(Date.now());
        await stopAccepting();
        clearInterval(sweep);
        clearTimeout(deadline);
        // http's close too, for its timeout-checking timer (the listener is already closed).
        server.close(() => undefined);
      })());
    },
  };
}
