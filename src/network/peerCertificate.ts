// A look at the way to the platform, at the socket level, sending nothing to it: the connection
// (directly, or to the proxy and a tunnel through it), then TLS, with the chain of certificates the
// platform (or an https proxy) offers and whether this machine's trusted roots vouch for it. For a
// failure's sentence (whose certificate, issued by whom) and for Check Connection's report. The
// tunnel's CONNECT is written by hand on a plain socket: VS Code patches `http` and `https` for
// extensions, and would route even this request by its own resolution.

import * as l10n from '@vscode/l10n';
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { NetworkFacts } from '../platform/transportError';
import { type NetworkSettings, proxyLabel, type Route } from './proxyRoute';
import { openSocksTunnel } from './socksTunnel';
import type { Trust } from './trust';

/** A certificate of a chain, in words: whose, from whom, until when. */
export interface CertificateSummary {
  readonly subject: string;
  readonly issuer: string;
  readonly validTo: string;
  readonly sha256: string;
}

export interface TlsLook {
  /** Whose chain this is: the platform's, or an https proxy's that would not be trusted. */
  readonly of: 'platform' | 'proxy';
  readonly protocol: string | undefined;
  readonly trusted: boolean;
  /** Why not, in OpenSSL's words (UNABLE_TO_VERIFY_LEAF_SIGNATURE…). */
  readonly error?: string;
  readonly chain: readonly CertificateSummary[];
}

export interface PathLook {
  /** Where the socket went: the platform's host, or the proxy's. */
  readonly connectedTo: string;
  readonly connectMs?: number;
  readonly connectError?: string;
  /** Through a proxy: its answer to CONNECT, such as `200 Connection established`. */
  readonly tunnel?: { readonly status: number; readonly text: string };
  readonly tls?: TlsLook;
}

/** The socket-level way to `target` over `route`, up to TLS; nothing is sent to the platform. */
export async function lookAtPath(target: URL, route: Route, settings: NetworkSettings, trust: Trust, timeoutMs: number): Promise<PathLook> {
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  const proxy = route.kind === 'direct' ? undefined : route.proxy;
  const host = proxy ? proxy.hostname.replace(/^\[|\]$/g, '') : target.hostname.replace(/^\[|\]$/g, '');
  const hostPort = proxy ? Number(proxy.port || { 'https:': 443, 'socks5:': 1080 }[proxy.protocol] || 80) : port;
  const connectedTo = proxy ? l10n.t('the proxy {0}', proxyLabel(proxy)) : `${target.hostname}:${port}`;
  const started = Date.now();
  let socket: net.Socket;
  try {
    socket = await connect(host, hostPort, timeoutMs);
  } catch (error) {
    return { connectedTo, connectError: wordsOf(error) };
  }
  const connectMs = Date.now() - started;
  try {
    if (proxy) {
      if (proxy.protocol === 'https:') {
        const proxyTls = await handshake(socket, proxy.hostname, trust, timeoutMs);
        if (!proxyTls.trusted && settings.proxyStrictSSL) return { connectedTo, connectMs, tls: { ...proxyTls, of: 'proxy' } };
        socket = proxyTls.socket;
      }
      const tunnel =
        route.kind === 'socks'
          ? await openSocksTunnel(socket, target.hostname.replace(/^\[|\]$/g, ''), port, route.credentials, timeoutMs)
          : await openTunnel(socket, `${target.hostname}:${port}`, route.kind === 'proxy' ? route.authorization : undefined, timeoutMs);
      if (tunnel.status !== 200) return { connectedTo, connectMs, tunnel };
      if (target.protocol !== 'https:') return { connectedTo, connectMs, tunnel };
      const look = await handshake(socket, target.hostname, trust, timeoutMs);
      return { connectedTo, connectMs, tunnel, tls: { ...look, of: 'platform' } };
    }
    if (target.protocol !== 'https:') return { connectedTo, connectMs };
    const look = await handshake(socket, target.hostname, trust, timeoutMs);
    return { connectedTo, connectMs, tls: { ...look, of: 'platform' } };
  } catch (error) {
    return { connectedTo, connectMs, connectError: wordsOf(error) };
  } finally {
    socket.destroy();
  }
}

/** Whose untrusted certificate a call met, and who issued it: the facts of its sentence. */
export async function describeCertificate(
  target: URL,
  route: Route,
  settings: NetworkSettings,
  trust: Trust,
  timeoutMs: number,
): Promise<NetworkFacts | undefined> {
  const look = await lookAtPath(target, route, settings, trust, timeoutMs);
  const leaf = look.tls?.chain[0];
  if (!look.tls || !leaf) return undefined;
  return { certificateOf: look.tls.of, subject: leaf.subject, issuer: leaf.issuer };
}

function connect(host: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(l10n.t('no connection within {0} ms', timeoutMs)), { code: 'ETIMEDOUT' }));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Writes a CONNECT on `socket` and reads the proxy's status line; the socket is then the tunnel. */
function openTunnel(
  socket: net.Socket,
  authority: string,
  authorization: string | undefined,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let head = '';
    const timer = setTimeout(() => finish(new Error(l10n.t('the proxy did not answer CONNECT within {0} ms', timeoutMs))), timeoutMs);
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0 && head.length < 16_384) return;
      const line = /^HTTP\/1\.[01] (\d{3}) ?([^\r\n]*)/.exec(head);
      finish(
        line ? undefined : new Error(l10n.t('the proxy answered CONNECT with something that is not HTTP')),
        line ? { status: Number(line[1]), text: `${line[1]} ${line[2]}`.trim() } : undefined,
      );
    };
    const onError = (error: Error) => finish(error);
    const finish = (error?: Error, answer?: { status: number; text: string }) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', onError);
      if (error || !answer) reject(error ?? new Error(l10n.t('no answer')));
      else resolve(answer);
    };
    socket.on('data', onData);
    socket.once('error', onError);
    socket.write(
      `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${authorization ? `Proxy-Authorization: ${authorization}\r\n` : ''}\r\n`,
    );
  });
}

/** TLS over `socket`, verified against `trust` but not refused: the chain offered, and whether it is trusted. */
function handshake(
  socket: net.Socket,
  servername: string,
  trust: Trust,
  timeoutMs: number,
): Promise<Omit<TlsLook, 'of'> & { socket: tls.TLSSocket }> {
  return new Promise((resolve, reject) => {
    const secure = tls.connect({ socket, servername, secureContext: trust.secureContext, rejectUnauthorized: false });
    const timer = setTimeout(() => {
      secure.destroy();
      reject(new Error(l10n.t('no TLS handshake within {0} ms', timeoutMs)));
    }, timeoutMs);
    secure.once('secureConnect', () => {
      clearTimeout(timer);
      const error = secure.authorizationError;
      resolve({
        socket: secure,
        protocol: secure.getProtocol() ?? undefined,
        trusted: secure.authorized,
        ...(error ? { error: typeof error === 'string' ? error : error.message } : {}),
        chain: chainOf(secure.getPeerCertificate(true)),
      });
    });
    secure.once('error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** The chain from the leaf up, as far as the peer sent it (and the root, where the store added it). */
function chainOf(leaf: tls.DetailedPeerCertificate): CertificateSummary[] {
  const chain: CertificateSummary[] = [];
  const seen = new Set<string>();
  for (
    let certificate: tls.DetailedPeerCertificate | undefined = leaf;
    certificate?.fingerprint256 && !seen.has(certificate.fingerprint256);
    certificate = certificate.issuerCertificate
  ) {
    seen.add(certificate.fingerprint256);
    chain.push({
      subject: nameOf(certificate.subject),
      issuer: nameOf(certificate.issuer),
      validTo: certificate.valid_to,
      sha256: certificate.fingerprint256,
    });
  }
  return chain;
}

/** A certificate's name as people read it: its common name, with its organisation when it has one. */
function nameOf(name: tls.Certificate | undefined): string {
  if (!name) return l10n.t('an unnamed certificate');
  const cn = [name.CN].flat().filter(Boolean)[0];
  const org = [name.O].flat().filter(Boolean)[0];
  if (cn && org && cn !== org) return `${cn} (${org})`;
  return cn ?? org ?? l10n.t('an unnamed certificate');
}

function wordsOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
