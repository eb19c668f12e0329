// Proxies for the network tests, on 127.0.0.1, stopped by the tests that start them:
//  - a CONNECT proxy (the `proxy` package), optionally asking for Basic credentials (407), that
//    alone resolves the platform's test host name, and logs every tunnel;
//  - a TLS-inspecting proxy, as a company's is: it ends the tunnel's TLS itself with a certificate
//    from the company's root, and calls the platform anew with its own;
//  - a SOCKS5 proxy, optionally asking for a user name and password;
//  - a proxy that takes connections and opens no tunnel: it never answers, answers late, answers
//    what is not HTTP, or closes the connection.

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

/**
 * What a proxy that opens no tunnel does with a CONNECT: nothing (`silent`), answer 200 once
 * `lateMs` have passed (`late`), answer what is not HTTP (`notProxy`), or close the connection (`closes`).
 */
export type BrokenProxyBehaviour = 'silent' | 'late' | 'notProxy' | 'closes';

/** A proxy that takes connections and opens no tunnel, as `behaviour` says. */
export async function startBrokenProxy(behaviour: BrokenProxyBehaviour = 'silent', lateMs = 5_000): Promise<TestProxy> {
  const sockets = new Set<Socket>();
  const log: string[] = [];
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => sockets.delete(socket));
    socket.once('data', (chunk) => {
      log.push(chunk.toString('latin1').split('\r\n')[0]);
      if (behaviour === 'notProxy') socket.write('SSH-2.0-OpenSSH_9.2\r\n\r\n');
      else if (behaviour === 'closes') socket.destroy();
      else if (behaviour === 'late') setTimeout(() => socket.write('HTTP/1.1 200 Connection established\r\n\r\n'), lateMs).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    open: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface SocksProxyOptions {
  /** Host names only this proxy knows: each is this machine (127.0.0.1) to it. */
  readonly resolve?: readonly string[];
  /** `user:password`: the proxy asks for these (RFC 1929) and refuses others. */
  readonly credentials?: string;
}

/**
 * A SOCKS5 proxy (RFC 1928), CONNECT only, that resolves `resolve`'s names itself, optionally asking
 * for a user name and password; it logs each tunnel as `SOCKS host:port → allowed` (or `→ refused`).
 */
export async function startSocksProxy(options: SocksProxyOptions = {}): Promise<TestProxy> {
  const log: string[] = [];
  const tunnels = new Set<Socket>();
  const server = net.createServer((client) => {
    tunnels.add(client);
    client.on('error', () => {});
    client.once('close', () => tunnels.delete(client));
    let buffered = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' = 'greeting';
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (stage === 'greeting' && buffered.length >= 2 && buffered.length >= 2 + buffered[1]) {
        const methods = [...buffered.subarray(2, 2 + buffered[1])];
        buffered = buffered.subarray(2 + buffered[1]);
        const method = options.credentials ? 2 : 0;
        if (!methods.includes(method)) return void client.end(Buffer.from([5, 0xff]));
        client.write(Buffer.from([5, method]));
        stage = options.credentials ? 'auth' : 'request';
      }
      if (stage === 'auth' && buffered.length >= 2) {
        const userLength = buffered[1];
        if (buffered.length < 3 + userLength || buffered.length < 3 + userLength + buffered[2 + userLength]) return;
        const user = buffered.subarray(2, 2 + userLength).toString('utf8');
        const passwordLength = buffered[2 + userLength];
        const password = buffered.subarray(3 + userLength, 3 + userLength + passwordLength).toString('utf8');
        buffered = buffered.subarray(3 + userLength + passwordLength);
        if (`${user}:${password}` !== options.credentials) {
          log.push('SOCKS credentials → refused');
          return void client.end(Buffer.from([1, 1]));
        }
        client.write(Buffer.from([1, 0]));
        stage = 'request';
      }
      if (stage !== 'request') return;
      const target = socksTarget(buffered);
      if (!target) return;
      client.off('data', onData);
      const known = target.host === '127.0.0.1' || options.resolve?.includes(target.host) === true;
      log.push(`SOCKS ${target.host}:${target.port} → ${known ? 'allowed' : 'refused'}`);
      // Reply 4: host unreachable.
      if (!known) return void client.end(Buffer.from([5, 4, 0, 1, 0, 0, 0, 0, 0, 0]));
      const upstream = net.connect({ host: '127.0.0.1', port: target.port }, () => {
        client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.once('close', () => upstream.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `socks5://127.0.0.1:${port}`,
    port,
    log,
    open: () => tunnels.size,
    close: async () => {
      for (const socket of tunnels) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A SOCKS5 request's target (an IPv4 address or a name), once all of it has come. */
function socksTarget(request: Buffer): { host: string; port: number } | undefined {
  if (request.length < 5) return undefined;
  if (request[3] === 1)
    return request.length < 10 ? undefined : { host: [...request.subarray(4, 8)].join('.'), port: request.readUInt16BE(8) };
  const length = request[4];
  if (request.length < 7 + length) return undefined;
  return { host: request.subarray(5, 5 + length).toString('utf8'), port: request.readUInt16BE(5 + length) };
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
