// Pipelining on the node:http host. HTTP/1.1 lets a client send requests before it reads the
// answers, and node:http hands over every request in what it has read at once: a client that
// pipelines thousands of List Payments requests and reads nothing had the sandbox build every answer
// and hold it (four such connections: 84 MB to 850 MB).
// Here each connection's requests are answered one at a time, in order, and the next answer is built
// only once the one before has been handed to the kernel. A client that reads nothing
// then holds at most one built answer in this process, stuck in a socket that needs a drain; and
// node:http stops reading a connection whose socket needs a drain, so nothing more comes in from it.
// What it had already read waits its turn, up to `maxWaiting` requests: a connection that would
// have more is closed, since it sent them without reading an answer, and RFC 9112 (section 9.3.2)
// has a client retry what was left unanswered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Requests one connection may have read and not yet answered, beyond the one being answered. */
export const MAX_WAITING_PER_CONNECTION = 100;

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

interface Connection {
  busy: boolean;
  waiting: Array<[IncomingMessage, ServerResponse]>;
}

/** Wraps a request listener so that each connection is answered one request at a time. */
export function answerInOrder(handle: Listener, { maxWaiting = MAX_WAITING_PER_CONNECTION }: { maxWaiting?: number } = {}) {
  const connections = new WeakMap<Socket, Connection>();

  const start = (connection: Connection, socket: Socket, req: IncomingMessage, res: ServerResponse) => {
    connection.busy = true;
    // 'close' comes once the answer has been handed to the kernel, or the connection has gone.
    res.once('close', () => {
      connection.busy = false;
      // A closed connection's answers can go nowhere: build none of them.
      if (socket.destroyed) return void connection.waiting.splice(0);
      const following = connection.waiting.shift();
      if (following) start(connection, socket, ...following);
    });
    handle(req, res);
  };

  const listener: Listener = (req, res) => {
    const socket = req.socket;
    let connection = connections.get(socket);
    if (!connection) {
      const created: Connection = { busy: false, waiting: [] };
      socket.once('close', () => void created.waiting.splice(0));
      connections.set(socket, (connection = created));
    }
    if (socket.destroyed) return; // the rest of a read that went over the cap
    if (!connection.busy) return start(connection, socket, req, res);
    if (connection.waiting.length === maxWaiting) {
      connection.waiting.splice(0);
      return void socket.destroy();
    }
    connection.waiting.push([req, res]);
  };

  /** How many requests a connection has waiting (for tests and diagnostics). */
  const waiting = (socket: Socket) => connections.get(socket)?.waiting.length ?? 0;
  return { listener, waiting };
}
