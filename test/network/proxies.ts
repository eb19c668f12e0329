// Proxies for the network tests, on 127.0.0.1, stopped by the tests that start them:
//  - a CONNECT proxy (the `proxy` package), optionally asking for Basic credentials (407), that
//    alone resolves the platform's test host name, and logs every tunnel;
//  - a TLS-inspecting proxy, as a company's is: it ends the tunnel's TLS itself with a certificate
//    from the company's root, and calls the platform anew with its own;
//  - a proxy that takes connections and never answers.

import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import * as net from 'node:net';
import * as tls from 'node:tls';

export interface TestProxy {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Each tunnel asked for, as `CONNECT host:port → status`, in order. */
  readonly log: string[];
  /** Tunnels open now. */
  open(): number;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Host names only this proxy knows: each is this machine (127.0.0.1) to it. */
  readonly resolve?: readonly string[];
  /** `user:password`: the proxy asks for these (407) and refuses others. */
  readonly credentials?: string;
  /** The port to listen on (one agreed with a VS Code started before); a free one by default. */
  readonly port?: number;
}

/** The `proxy` package is ESM only: Node 20.19 and later require it all the same. */
function createProxy(server: http.Server): http.Server {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('proxy') as { createProxy(server: http.Server): http.Server }).createProxy(server);
}

/** A CONNECT proxy that resolves `resolve`'s names itself, optionally asking for credentials. */
export async function startProxy(options: ProxyOptions = {}): Promise<TestProxy> {
  const log: string[] = [];
  const sockets = new Set<Socket>();
  const server = createProxy(http.createServer()) as http.Server & { authenticate?: (req: http.IncomingMessage) => boolean };
  server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    void req;
  });
  // Called for every request before the proxy connects: the place to log, check credentials and resolve names.
  server.authenticate = (req) => {
    const asked = req.url ?? '';
    const expected = options.credentials ? `Basic ${Buffer.from(options.credentials).toString('base64')}` : undefined;
    const allowed = expected === undefined || req.headers['proxy-authorization'] === expected;
    log.push(`${req.method ?? ''} ${asked} → ${allowed ? 'allowed' : '407'}`);
    const [host, port] = splitAuthority(asked);
    if (allowed && port !== undefined && options.resolve?.includes(host)) req.url = `127.0.0.1:${port}`;
    return allowed;
  };
  return listening(server, log, sockets, options.port);
}

export interface InspectingProxyOptions {
  /** The host names it serves a certificate for, and the key and certificate (from the company's root) for each. */
  readonly certificates: Readonly<Record<string, { readonly key: string; readonly cert: string }>>;
  /** The root the platform's own certificate chains to; the platform is on this machine, at the port asked for. */
  readonly upstreamCa: string;
}

/** A TLS-inspecting proxy: each tunnel's TLS ends here, and each request goes on to the platform anew. */
export async function startInspectingProxy(options: InspectingProxyOptions): Promise<TestProxy> {
  const log: string[] = [];
  const tunnels = new Set<Socket>();
  const inner = http.createServer((req, res) => {
    const { host, port } = req.socket as tls.TLSSocket & { host: string; port: string };
    const upstream = https.request(
      {
        host: '127.0.0.1',
        port: Number(port),
        servername: host,
        ca: options.upstreamCa,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        // Passed on as it comes: a stream stays a stream.
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  const server = http.createServer();
  server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
    const [host, port] = splitAuthority(req.url ?? '');
    const certificate = options.certificates[host];
    log.push(`CONNECT ${req.url ?? ''} → ${certificate ? 'inspected' : '404'}`);
    if (!certificate) {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
    socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
    const secure = new tls.TLSSocket(socket, { isServer: true, key: certificate.key, cert: certificate.cert });
    // Where the requests inside go on to: the inner server reads them off its socket.
    Object.assign(secure, { host, port });
    secure.on('error', () => socket.destroy());
    inner.emit('connection', secure);
  });
  return listening(server, log, tunnels);
}

/** A proxy that takes connections and says nothing: a tunnel through it never opens. */
export async function startSilentProxy(): Promise<TestProxy> {
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log: [],
    open: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function listening(server: http.Server, log: string[], tunnels: Set<Socket>, at = 0): Promise<TestProxy> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    open: () => tunnels.size,
    close: async () => {
      // A tunnel's socket is no longer the server's to close: each is ended here.
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function splitAuthority(authority: string): [string, string | undefined] {
  const at = authority.lastIndexOf(':');
  return at < 0 ? [authority, undefined] : [authority.slice(0, at).replace(/^\[|\]$/g, ''), authority.slice(at + 1)];
}
