// Which project receives an agent prompt, and where that comes from. The project id may come from
// the workspace's settings: a repository someone opened would then choose where prompts (and the
// code they carry) go. So the project is shown wherever a prompt is written, and right before a
// prompt goes to a project the workspace chose, the user is asked, once per workspace and project.

import * as vscode from 'vscode';
import { storageKeys } from '../../identifiers';
import type { PlatformClient } from '../../platform/client';
import { originOf } from '../../platform/endpoint';
import { fail, ok, platformError, type Result } from '../../platform/errors';
import type { PlatformConnection } from '../../platform/connection';
import type { SettingsService } from '../../settings/vscode/settingsService';
import { askModal } from '../../ui/vscode/notifications';
import { quotedLine } from '../../util/inertText';
import type { JobScope } from '../agentJobsModel';

export interface JobProject {
  readonly origin: string;
  readonly projectId: string;
  /** Set by the workspace's settings, not the user's. */
  readonly fromWorkspace: boolean;
}

/** Where a prompt is about to go: the project, confirmed, and the client for its origin. */
export interface PromptDestination {
  readonly project: JobProject;
  readonly client: PlatformClient;
}

export class JobProjects {
  constructor(
    private readonly settings: SettingsService,
    private readonly platform: PlatformConnection,
    private readonly workspaceState: vscode.Memento,
  ) {}

  /** The project prompts go to now; undefined while the base URL or project id is not set. */
  get current(): JobProject | undefined {
    const { baseUrl, projectId } = this.settings.current;
    const origin = originOf(baseUrl);
    return origin && projectId ? { origin, projectId, fromWorkspace: this.settings.fromWorkspace('projectId') } : undefined;
  }

  /**
   * Where a prompt about the jobs of `scope` goes, read right before it is sent: the project in
   * force, which must be the scope's, confirmed by the user when the workspace chose it. A failure
   * with no error: the user said no. `notConfigured` says what to set when there is no such project:
   * "Set the base URL and the project id to send follow-ups." `named`: the project a question about
   * this prompt showed the user; when the settings have changed since, nothing is sent.
   */
  async destination(
    scope: JobScope | undefined,
    notConfigured: string,
    named?: JobProject,
  ): Promise<Result<PromptDestination> | { readonly ok: false; readonly error?: undefined }> {
    const project = this.current;
    if (named && (project?.origin !== named.origin || project.projectId !== named.projectId))
      return fail(
        platformError(
          'invalidRequest',
          project
            ? vscode.l10n.t(
                'The settings changed while you were asked: the prompt was for {0}, and the project is now {1}. Nothing was sent; ask again to send it there.',
                projectText(named),
                projectText(project),
              )
            : vscode.l10n.t('The settings changed while you were asked: no project is set now. Nothing was sent.'),
        ),
      );
    if (!project || scope?.origin !== project.origin || scope.projectId !== project.projectId)
      return fail(platformError('notConfigured', notConfigured, { setting: 'projectId' }));
    if (!(await this.confirm(project))) return { ok: false };
    // Asked, the user may have taken a while: the client is the base URL's in force now, or none.
    const client = this.platform.forOrigin(project.origin);
    return client.ok ? ok({ project, client: client.value }) : client;
  }

  /**
   * Whether a prompt may go to `project`: always when the user set it; when the workspace did, once
   * the user has said so for this workspace (asked now, in a modal dialog, the first time).
   */
  private async confirm(project: JobProject): Promise<boolean> {
    if (!project.fromWorkspace) return true;
    const key = `${project.origin}|${project.projectId}`;
    const confirmed = this.workspaceState.get<string[]>(storageKeys.confirmedWorkspaceProjects) ?? [];
    if (confirmed.includes(key)) return true;
    const agreed = await askModal(
      vscode.l10n.t(
        "This workspace's settings send agent prompts to the project {0} at {1}. Send the prompt there?",
        quotedLine(project.projectId, 80),
        project.origin,
      ),
      vscode.l10n.t(
        'The project id comes from this workspace (its .vscode/settings.json), not from your user settings: the repository you opened chose it. A prompt may carry your code and its changes. Docs Assistant asks once for this workspace and project. To use your own project, remove docsAssistant.projectId from the workspace settings.',
      ),
      vscode.l10n.t('Send to This Project'),
    );
    if (agreed) await this.workspaceState.update(storageKeys.confirmedWorkspaceProjects, [...confirmed, key]);
    return agreed;
  }
}

/**
 * `project "proj_demo" at https://api.example.com`, and, first, that it is the workspace's choice
 * when it is. A phrase that stands alone (after a label, a separator, in parentheses), never one
 * put inside a sentence: languages bend a noun by its place in one.
 */
export function projectText(project: JobProject): string {
  return project.fromWorkspace
    ? vscode.l10n.t("this workspace's project {0} at {1}", quotedLine(project.projectId, 80), project.origin)
    : vscode.l10n.t('project {0} at {1}', quotedLine(project.projectId, 80), project.origin);
}
