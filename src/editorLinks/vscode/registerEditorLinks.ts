// Links from a documentation site into VS Code, followed: /ask fills the chat's box, /open opens a
// page, /track asks before tracking a job. What a link carries is shown as text, never run; a link
// that cannot be followed says why.

import * as vscode from 'vscode';
import { commands } from '../../identifiers';
import { askModal, showMessage } from '../../ui/vscode/notifications';
import { quotedLine } from '../../util/inertText';
import { editorLink } from '../editorLink';
import { plural } from '../../shared/language';

export interface EditorLinkDeps {
  /** Puts `question` in the chat's box and focuses it, with `note` under it when given. */
  fillQuestion(question: string, note?: string): Promise<void>;
}

/** Follows the link `uri`; resolves to whether it was. */
export async function followEditorLink(uri: vscode.Uri, deps: EditorLinkDeps): Promise<boolean> {
  const link = editorLink(uri.path, uri.query);
  switch (link.kind) {
    case 'ask':
      await deps.fillQuestion(link.question, changedNote(link));
      return true;
    case 'open':
      return (
        (await vscode.commands.executeCommand<vscode.Uri | undefined>(commands.openPage, {
          page: link.page,
          ...(link.anchor ? { anchor: link.anchor } : {}),
        })) !== undefined
      );
    case 'track': {
      const agreed = await askModal(
        vscode.l10n.t('A link asks Docs Assistant to track the agent job {0}. Track it?', quotedLine(link.job, 80)),
        vscode.l10n.t(
          'It joins the Agent Jobs view and is polled in the project of your settings until it completes, fails or is archived. The link came from outside VS Code: track only a job you expect.',
        ),
        vscode.l10n.t('Track Job'),
      );
      return agreed && (await vscode.commands.executeCommand<boolean>(commands.trackAgentJob, link.job)) === true;
    }
    case 'refused':
      showMessage('error', vscode.l10n.t('Docs Assistant cannot follow the link {0}. {1}', quotedLine(uri.path, 40), link.problem));
      return false;
  }
}

/** What the box says under a link's question that was changed, so that what it shows is all it asks. */
function changedNote({ invisible, padding }: { readonly invisible?: number; readonly padding?: number }): string | undefined {
  // Each count's sentence in each of its plural forms; with both counts, each pair of forms.
  if (invisible && padding)
    return plural(
      invisible,
      plural(
        padding,
        vscode.l10n.t(
          "The link's question held {0} invisible character, taken out, and {1} blank character of padding (empty lines, runs of spaces), collapsed: the box shows all it asks.",
          invisible,
          padding,
        ),
        vscode.l10n.t(
          "The link's question held {0} invisible character, taken out, and {1} blank characters of padding (empty lines, runs of spaces), collapsed: the box shows all it asks.",
          invisible,
          padding,
        ),
      ),
      plural(
        padding,
        vscode.l10n.t(
          "The link's question held {0} invisible characters, taken out, and {1} blank character of padding (empty lines, runs of spaces), collapsed: the box shows all it asks.",
          invisible,
          padding,
        ),
        vscode.l10n.t(
          "The link's question held {0} invisible characters, taken out, and {1} blank characters of padding (empty lines, runs of spaces), collapsed: the box shows all it asks.",
          invisible,
          padding,
        ),
      ),
    );
  if (invisible)
    return plural(
      invisible,
      vscode.l10n.t("The link's question held {0} invisible character, taken out: the box shows all it asks.", invisible),
      vscode.l10n.t("The link's question held {0} invisible characters, taken out: the box shows all it asks.", invisible),
    );
  if (padding)
    return plural(
      padding,
      vscode.l10n.t(
        "The link's question held {0} blank character of padding (empty lines, runs of spaces), collapsed: the box shows all it asks.",
        padding,
      ),
      vscode.l10n.t(
        "The link's question held {0} blank characters of padding (empty lines, runs of spaces), collapsed: the box shows all it asks.",
        padding,
      ),
    );
  return undefined;
}
