// Every failure of a platform call is one of these kinds. Callers branch on `kind`, show
// `message` (a sentence that says what to do next) and may add `serverMessage` as detail.

import * as l10n from '@vscode/l10n';
import type { KeyKind } from './keys';

export type PlatformErrorKind =
  /** Something the user must set first: base URL, domain, project id or a key. Nothing was sent. */
  | 'notConfigured'
  /** The request itself is unusable (an empty id, a `currentPath` over 200 characters). Nothing was sent. */
  | 'invalidRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'rateLimited'
  | 'serverError'
  | 'network'
  | 'timeout'
  | 'cancelled'
  /** The server answered 2xx (or an unexpected status) with something we cannot use. */
  | 'badResponse';

/** What a `notConfigured` error asks the user to set. */
export type Setting = 'baseUrl' | 'domain' | 'projectId' | KeyKind;

/**
 * What a `network` error is about, for the button that goes with it: VS Code's proxy settings,
 * the proxy's credentials, a certificate, or the way calls take (which Check Connection shows).
 */
export type NetworkCause = 'proxy' | 'proxyCredentials' | 'certificate' | 'route';

export interface PlatformError {
  readonly kind: PlatformErrorKind;
  /** A sentence for the user: what happened and what to do next. Never contains a key. */
  readonly message: string;
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** The server's own words: `error` or `message` of a JSON error body. */
  readonly serverMessage?: string;
  /** For `rateLimited`: how long the server asked us to wait, from Retry-After. */
  readonly retryAfterMs?: number;
  /** For `notConfigured`, and for 401/403: which setting or key is at fault. */
  readonly setting?: Setting;
  /**
   * For `network` and `timeout`: no connection was ever made (refused, no such host), so the
   * request surely did not reach the server and even a POST may be sent again.
   */
  readonly unsent?: boolean;
  /** For `network`: what the failure is about, when it is more than the connection itself. */
  readonly network?: NetworkCause;
  /**
   * Only the user can get past it (a proxy's sign-in they dismissed): background work stops until
   * they act, a command or a setting changed, instead of failing the same way at every turn.
   */
  readonly waitsForUser?: boolean;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: PlatformError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: PlatformError): Result<T> {
  return { ok: false, error };
}

export function platformError(
  kind: PlatformErrorKind,
  message: string,
  extra: Omit<PlatformError, 'kind' | 'message'> = {},
): PlatformError {
  return { kind, message, ...extra };
}

/**
 * Errors worth another attempt for an idempotent read: the same request may well succeed later. A
 * proxy, its credentials or a certificate that failed is a setting to change, not a moment to wait:
 * each attempt could cost the user another connect time.
 */
export function isTransient(error: PlatformError): boolean {
  if (error.kind === 'network') return error.network === undefined || error.network === 'route';
  if (error.kind === 'rateLimited') return true;
  return error.kind === 'serverError' && (error.status === 502 || error.status === 503 || error.status === 504);
}

/**
 * Errors after which a request that changes something (a question, a new job) is sent again by
 * itself: only when it surely never arrived, and a moment later could go otherwise. Anything else
 * might have reached the server, or would fail the same way.
 */
export function isSafeToResend(error: PlatformError): boolean {
  return error.unsent === true && isTransient(error);
}

/** The caller stopped the call; nothing more is said. */
export function cancelled(): PlatformError {
  return platformError('cancelled', l10n.t('The request was cancelled.'));
}
