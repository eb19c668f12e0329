// A SOCKS5 tunnel opened by hand on a plain socket (RFC 1928, with RFC 1929's user name and
// password), for Check Connection's look at the way: the calls themselves go through undici's own
// SOCKS5 support. The platform's name goes to the proxy, which resolves it, as undici sends it.

import * as l10n from '@vscode/l10n';
import type * as net from 'node:net';
import type { ProxyCredentials } from './proxyAddress';

/** What the proxy answered: 200 once the tunnel is open (as an HTTP proxy's CONNECT), else its reply code. */
export interface SocksAnswer {
  readonly status: number;
  readonly text: string;
}

/** RFC 1928's reply codes, as the protocol names them (not translated: an HTTP status's words are not either). */
const REPLIES = [
  'succeeded',
  'general SOCKS server failure',
  'connection not allowed by ruleset',
  'network unreachable',
  'host unreachable',
  'connection refused',
  'TTL expired',
  'command not supported',
  'address type not supported',
];

/** Asks the SOCKS5 proxy on `socket` for a tunnel to `host`:`port`; the socket is then the tunnel. */
export async function openSocksTunnel(
  socket: net.Socket,
  host: string,
  port: number,
  credentials: ProxyCredentials | undefined,
  timeoutMs: number,
): Promise<SocksAnswer> {
  const read = reader(socket, timeoutMs);
  try {
    socket.write(Buffer.from(credentials ? [5, 2, 0, 2] : [5, 1, 0]));
    const [version, method] = await read(2);
    if (version !== 5) throw new Error(l10n.t('the proxy answered with something that is not SOCKS5'));
    if (method === 0xff) return { status: 407, text: 'SOCKS5: no acceptable authentication method' };
    if (method === 2) {
      if (!credentials) return { status: 407, text: 'SOCKS5: user name and password required' };
      const user = Buffer.from(credentials.user, 'utf8');
      const password = Buffer.from(credentials.password, 'utf8');
      socket.write(Buffer.concat([Buffer.from([1, user.length]), user, Buffer.from([password.length]), password]));
      const [, status] = await read(2);
      if (status !== 0) return { status: 407, text: 'SOCKS5: user name and password refused' };
    }
    const name = Buffer.from(host, 'utf8');
    socket.write(Buffer.concat([Buffer.from([5, 1, 0, 3, name.length]), name, Buffer.from([port >> 8, port & 0xff])]));
    const [, reply, , type] = await read(4);
    // The address the proxy bound: its length depends on its type.
    const length = type === 1 ? 4 : type === 4 ? 16 : (await read(1))[0];
    await read(length + 2);
    return { status: reply === 0 ? 200 : reply, text: `SOCKS5 ${reply} ${REPLIES[reply] ?? 'unknown reply'}` };
  } finally {
    read.done();
  }
}

/** Reads exactly so many bytes at a time from `socket`, within `timeoutMs` in all. */
function reader(socket: net.Socket, timeoutMs: number): ((count: number) => Promise<Buffer>) & { done(): void } {
  let buffered = Buffer.alloc(0);
  let waiting: { count: number; resolve: (bytes: Buffer) => void; reject: (error: Error) => void } | undefined;
  let failed: Error | undefined;
  const settle = () => {
    if (!waiting) return;
    if (failed) return waiting.reject(failed);
    if (buffered.length < waiting.count) return;
    const { count, resolve } = waiting;
    waiting = undefined;
    resolve(buffered.subarray(0, count));
    buffered = buffered.subarray(count);
  };
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    settle();
  };
  const onEnd = (error?: Error) => {
    failed = error ?? new Error(l10n.t('the proxy closed the connection'));
    settle();
  };
  const timer = setTimeout(() => onEnd(new Error(l10n.t('the proxy did not answer within {0} ms', timeoutMs))), timeoutMs);
  const onClose = () => onEnd();
  socket.on('data', onData);
  socket.once('error', onEnd);
  socket.once('close', onClose);
  const read = (count: number) =>
    new Promise<Buffer>((resolve, reject) => {
      waiting = { count, resolve, reject };
      settle();
    });
  return Object.assign(read, {
    done: () => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', onEnd);
      socket.off('close', onClose);
    },
  });
}
