// What an HTTP failure means, in words: a status and its body (the server's own message, or what
// kind of thing came back instead) as a PlatformError of the right kind, with a sentence that says
// what to do next. Whatever transport carried the exchange, the wording is the same.

import * as l10n from '@vscode/l10n';
import { platformError, type PlatformError } from './errors';
import type { KeyKind } from './keys';
import { redactSecrets } from '../log/redact';
import { parseRetryAfter } from './retry';
import { plural } from '../shared/language';

/** What the operation knows that a bare status does not. */
export interface ErrorContext {
  readonly keyKind: KeyKind;
  /** The sentence for a 404, which only the operation can phrase ("Page not found: /x."). */
  readonly notFound: string;
  /** The sentence for a 403, where the operation knows better than a key's scope (a plan without the feature). */
  readonly forbidden?: string;
  readonly now: () => number;
}

export function errorFromStatus(
  status: number,
  headers: Readonly<Record<string, string | undefined>>,
  bodyText: string,
  { keyKind, notFound, forbidden, now }: ErrorContext,
): PlatformError {
  const serverMessage = serverMessageOf(bodyText);
  const said = describeBody(bodyText, headers['content-type'], serverMessage);
  const admin = keyKind === 'adminKey';
  const extra = { status, ...(serverMessage ? { serverMessage } : {}) };
  switch (true) {
    case status === 401:
      return platformError(
        'unauthorized',
        (admin
          ? l10n.t('The platform did not accept the admin key: it is missing, malformed or expired. Set a valid admin key.')
          : l10n.t('The platform did not accept the assistant key: it is missing, malformed or expired. Set a valid assistant key.')) +
          said,
        {
          ...extra,
          setting: keyKind,
        },
      );
    case status === 403:
      return platformError(
        'forbidden',
        (forbidden ??
          (admin
            ? l10n.t(
                "The admin key is not allowed to do this: its scope does not cover this project or domain, or this machine's IP address is not on its allow-list. Check the key's scope on the dashboard.",
              )
            : l10n.t(
                "The assistant key is not allowed to do this: its scope does not cover this project or domain, or this machine's IP address is not on its allow-list. Check the key's scope on the dashboard.",
              ))) + said,
        { ...extra, setting: keyKind },
      );
    case status === 400:
      return platformError('invalidRequest', l10n.t('The platform refused the request as invalid.') + said, extra);
    case status === 404:
      return platformError('notFound', `${notFound}${said}`, extra);
    case status === 429: {
      const retryAfterMs = parseRetryAfter(headers['retry-after'], now());
      const message =
        retryAfterMs === undefined
          ? l10n.t("The platform's rate limit was reached. Wait a little and retry.")
          : l10n.t("The platform's rate limit was reached. Try again in {0} and retry.", formatDuration(retryAfterMs));
      return platformError('rateLimited', message + said, {
        ...extra,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      });
    }
    case status >= 300 && status < 400:
      return redirectRefused(status);
    case status >= 500:
      return platformError('serverError', l10n.t('The platform had a problem (HTTP {0}). Try again in a moment.', status) + said, extra);
    default:
      return platformError('badResponse', l10n.t('The platform answered with an unexpected HTTP {0}.', status) + said, extra);
  }
}

/** A redirect is never followed: the key goes to the base URL and nowhere else. `status` when known. */
export function redirectRefused(status?: number): PlatformError {
  return platformError(
    'badResponse',
    status
      ? l10n.t(
          'The platform answered with a redirect (HTTP {0}), which is not followed: a key goes only to the base URL. Check the base URL.',
          status,
        )
      : l10n.t('The platform answered with a redirect, which is not followed: a key goes only to the base URL. Check the base URL.'),
    status ? { status } : {},
  );
}

/** What a body said, as a sentence to append (with its leading space): the server's own message, or what kind of thing came back. */
export function describeBody(bodyText: string, contentType: string | undefined, serverMessage = serverMessageOf(bodyText)): string {
  if (serverMessage) return ` ${l10n.t('The server said: "{0}"', serverMessage)}`;
  switch (nonJsonKind(bodyText, contentType)) {
    case 'empty':
      return ` ${l10n.t('An empty body came back.')}`;
    case 'html':
      return ` ${l10n.t('An HTML page (perhaps from a proxy) came back.')}`;
    case 'other':
      return ` ${l10n.t('A body that is not JSON came back.')}`;
  }
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

/** What kind of thing came back instead of JSON: nothing, an HTML page (perhaps from a proxy), or something else. */
export function nonJsonKind(bodyText: string, contentType: string | undefined): 'empty' | 'html' | 'other' {
  if (bodyText.trim() === '') return 'empty';
  if (/html/i.test(contentType ?? '') || /^\s*</.test(bodyText)) return 'html';
  return 'other';
}

/** A wait, in whole seconds under a minute, else in whole minutes: "5 seconds", "2 minutes". */
export function formatDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return plural(seconds, l10n.t('{0} second', seconds), l10n.t('{0} seconds', seconds));
  const minutes = Math.ceil(seconds / 60);
  return plural(minutes, l10n.t('{0} minute', minutes), l10n.t('{0} minutes', minutes));
}
