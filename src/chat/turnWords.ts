// What the session says of a turn in its own words, in the user's language.

import * as l10n from '@vscode/l10n';
import type { TurnError } from './conversation';

/**
 * The question sent when the user sends an attached selection without typing one: in the user's
 * language, as they would have typed it.
 */
export function defaultSelectionQuestion(): string {
  return l10n.t('Explain this selection using the documentation.');
}

export function noAnswerMessage(): string {
  return l10n.t('The assistant did not find an answer in the documentation.');
}

export function noBaseUrl(): TurnError {
  return { kind: 'notConfigured', message: l10n.t('The platform base URL is not set. Configure Docs Assistant, then ask again.') };
}

/** A turn that failed by a bug of ours. */
export function somethingWentWrong(): TurnError {
  return { kind: 'badResponse', message: l10n.t('Something went wrong while answering. Try again; Show Log has the details.') };
}
