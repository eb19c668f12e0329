// Why an agent job's branch could not be brought into the workspace, in a sentence, with the way
// on: clone the repository, open the pull request, or try again.

import * as vscode from 'vscode';
import { pullRequestButton } from '../../agentJobs/vscode/jobActions';
import { jobLabel } from '../../agentJobs/jobPresentation';
import { isCloneableUrl } from '../../git/remoteUrls';
import { showMessage } from '../../ui/vscode/notifications';
import type { BranchJob } from './jobBranch';
import type { BranchProblem } from './jobBranch';

/** Says why the job's branch could not be brought in; `remote` is the clone's remote, once found. */
export function explain(tracked: BranchJob, problem: BranchProblem, remote?: string): void {
  const { repository, ref, status } = tracked.job;
  const pullRequest = pullRequestButton(tracked.id, tracked.job);
  switch (problem.kind) {
    case 'cancelled':
      return;
    case 'noGit':
      return showMessage(
        'warning',
        vscode.l10n.t(
          "The agent's changes are fetched with VS Code's Git extension, which is not available here (VS Code for the Web has none; on the desktop, it may be turned off by git.enabled).",
        ),
        ...pullRequest,
      );
    case 'gitStarting':
      return showMessage(
        'info',
        vscode.l10n.t("VS Code's Git extension is still looking for this workspace's repositories. Try again in a moment."),
      );
    case 'noClone':
      return showMessage(
        'info',
        vscode.l10n.t(
          "No folder of this workspace is a clone of {0}. Clone it to review the agent's changes in VS Code, or open the pull request.",
          repository,
        ),
        ...(isCloneableUrl(repository)
          ? [{ title: vscode.l10n.t('Clone Repository'), run: () => vscode.commands.executeCommand('git.clone', repository) }]
          : []),
        ...pullRequest,
      );
    case 'badBranch':
      return showMessage(
        'warning',
        vscode.l10n.t('The branch name of agent job "{0}" is not a plain branch name, so it is not fetched.', jobLabel(tracked)),
        ...pullRequest,
      );
    case 'fetchFailed':
      if (problem.missing && status === 'active')
        return showMessage('info', vscode.l10n.t('The agent has not pushed {0} yet. Review its changes once the job completes.', ref));
      return showMessage('warning', fetchFailed(ref, remote, problem), ...pullRequest);
    case 'noBase':
      return showMessage(
        'warning',
        vscode.l10n.t('The branch {0} shares no history with {1}, so it has no changes to show against it.', ref, problem.base),
        ...pullRequest,
      );
  }
}

/** Why git could not fetch the branch, in git's words, from the remote when it is known. */
function fetchFailed(ref: string, remote: string | undefined, { missing, words }: { missing: boolean; words: string }): string {
  if (remote === undefined) {
    return missing
      ? vscode.l10n.t('The branch {0} is not on the remote: it may have been merged and deleted. Git said: {1}', ref, words)
      : vscode.l10n.t('Git could not fetch {0} from the remote: {1}', ref, words);
  }
  return missing
    ? vscode.l10n.t('The branch {0} is not on {1}: it may have been merged and deleted. Git said: {2}', ref, remote, words)
    : vscode.l10n.t('Git could not fetch {0} from {1}: {2}', ref, remote, words);
}
