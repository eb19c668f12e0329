// How long ago something happened, as a row or a sentence says it: "just now", "5 minutes ago",
// "3 hours ago", "2 days ago", in the display language. One wording for agent jobs and readers' signals.

import * as l10n from '@vscode/l10n';
import { ago } from './language';

export function age(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return l10n.t('just now');
  if (minutes < 60) return ago(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return ago(hours, 'hour');
  return ago(Math.floor(hours / 24), 'day');
}
