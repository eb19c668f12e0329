// What an HTTP failure means, in words: a status and its body (the server's own message, or what
// kind of thing came back instead) as a PlatformError of the right kind, with a sentence that says
// what to do next. Whatever transport carried the exchange, the wording is the same.

import { platformError, type PlatformError } from './errors';
import { keyLabels, type KeyKind } from './keys';
import { redactSecrets } from './redact';
import { parseRetryAfter } from './retry';
import { countOf } from '../shared/counting';

/** What the operation knows that a bare status does not. */
export interface ErrorContext {
  readonly keyKind: KeyKind;
  /** The sentence for a 404, which only the operation can phrase ("Page not found: /x."). */
  readonly notFound: string;
  readonly now: () => number;
}

export function errorFromStatus(
  status: number,
  headers: Readonly<Record<string, string | undefined>>,
  bodyText: string,
  { keyKind, notFound, now }: ErrorContext,
): PlatformError {
  const serverMessage = serverMessageOf(bodyText);
  const said = describeBody(bodyText, headers['content-type'], serverMessage);
  const key = keyLabels[keyKind];
  const extra = { status, ...(serverMessage ? { serverMessage } : {}) };
  switch (true) {
    case status === 401:
      return platformError(
        'unauthorized',
        `The platform did not accept the ${key}: it is missing, malformed or expired. Set a valid ${key}.${said}`,
        {
          ...extra,
          setting: keyKind,
        },
      );
    case status === 403:
      return platformError(
        'forbidden',
        `The ${key} is not allowed to do this: its scope does not cover this project or domain, or this machine's IP address is not on its allow-list. Check the key's scope on the dashboard.${said}`,
        { ...extra, setting: keyKind },
      );
    case status === 400:
      return platformError('invalidRequest', `The platform refused the request as invalid.${said}`, extra);
    case status === 404:
      return platformError('notFound', `${notFound}${said}`, extra);
    case status === 429: {
      const retryAfterMs = parseRetryAfter(headers['retry-after'], now());
      const wait = retryAfterMs === undefined ? 'Wait a little' : `Try again in ${formatDuration(retryAfterMs)}`;
      return platformError('rateLimited', `The platform's rate limit was reached. ${wait} and retry.${said}`, {
        ...extra,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    case status >= 300 && status < 400:
      return redirectRefused(status);
    case status >= 500:
      return platformError('serverError', `The platform had a problem (HTTP ${status}). Try again in a moment.${said}`, extra);
    default:
      return platformError('badResponse', `The platform answered with an unexpected HTTP ${status}.${said}`, extra);
  }
}

/** A redirect is never followed: the key goes to the base URL and nowhere else. `status` when known. */
export function redirectRefused(status?: number): PlatformError {
  return platformError(
    'badResponse',
    `The platform answered with a redirect${status ? ` (HTTP ${status})` : ''}, which is not followed: a key goes only to the base URL. Check the base URL.`,
    status ? { status } : {},
  );
}

/** What a body said, as a sentence to append: the server's own message, or what kind of thing came back. */
export function describeBody(bodyText: string, contentType: string | undefined, serverMessage = serverMessageOf(bodyText)): string {
  return serverMessage ? ` The server said: "${serverMessage}"` : ` ${capitalise(describeNonJson(bodyText, contentType))} came back.`;
}

/** The `error` (admin) or `message` (discovery) field of a JSON error body. */
function serverMessageOf(bodyText: string): string | undefined {
  try {
    const json: unknown = JSON.parse(bodyText);
    if (json && typeof json === 'object') {
      for (const field of ['message', 'error'] as const) {
        const value = (json as Record<string, unknown>)[field];
        if (typeof value === 'string' && value.trim() !== '') return redactSecrets(value.trim()).slice(0, 500);
      }
    }
  } catch {
    // Not JSON: the caller describes the body instead.
  }
  return undefined;
}

export function describeNonJson(bodyText: string, contentType: string | undefined): string {
  if (bodyText.trim() === '') return 'an empty body';
  if (/html/i.test(contentType ?? '') || /^\s*</.test(bodyText)) return 'an HTML page (perhaps from a proxy)';
  return 'a body that is not JSON';
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function formatDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return countOf(seconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  return countOf(minutes, 'minute');
}
