// What Start Agent Job offers to attach, as the picker shows it. File paths and a repository's
// name are the workspace's, and may be named to draw icons (`$(verified-filled) reviewed.ts`): every
// one goes through inertText. Files that may hold secrets are named in the item that would attach them.

import * as l10n from '@vscode/l10n';
import { inertText } from '../util/inertText';
import { firstAndMore } from '../shared/counting';
import { plural } from '../shared/language';

export type Attachment = 'selection' | 'fileChanges' | 'repositoryChanges';

/** What the editor and its repository have to attach. */
export interface AttachmentFacts {
  /** The selection's label, `src/app.ts:12-30`. */
  readonly selection?: string;
  /** The editor's file, when its repository has uncommitted changes: whether it is one of them. */
  readonly file?: { readonly path: string; readonly changed: boolean; readonly secret?: string };
  readonly repository?: { readonly name: string; readonly files: number; readonly secrets: readonly string[] };
}

export interface Offer {
  readonly attachment: Attachment;
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  readonly picked?: boolean;
}

/** Files named in a warning, at most this many. */
const NAMED_SECRETS = 3;

export function attachmentOffers({ selection, file, repository }: AttachmentFacts): Offer[] {
  const offers: Offer[] = [];
  if (selection !== undefined)
    offers.push({ attachment: 'selection', label: l10n.t('The selected code'), description: inertText(selection), picked: true });
  if (file?.changed) {
    offers.push({
      attachment: 'fileChanges',
      label: l10n.t('The uncommitted changes of this file'),
      description: inertText(file.path),
      ...(file.secret
        ? {
            detail: `$(warning) ${inertText(l10n.t('This file may hold secrets ({0}): read its diff in the prompt before starting.', file.secret))}`,
          }
        : {}),
    });
  }
  if (repository && repository.files > 0) {
    const { secrets } = repository;
    const named = firstAndMore(secrets, NAMED_SECRETS);
    offers.push({
      attachment: 'repositoryChanges',
      label: l10n.t('All uncommitted changes'),
      description: inertText(
        plural(
          repository.files,
          l10n.t('{0} file in {1}', repository.files, repository.name),
          l10n.t('{0} files in {1}', repository.files, repository.name),
        ),
      ),
      ...(secrets.length > 0
        ? {
            detail: `$(warning) ${inertText(
              plural(
                secrets.length,
                l10n.t('{0} may hold secrets: read its diff in the prompt before starting.', named),
                l10n.t('{0} may hold secrets: read their diffs in the prompt before starting.', named),
              ),
            )}`,
          }
        : {}),
    });
  }
  return offers;
}
