// Which project receives an agent prompt, and where that comes from. The project id may come from
// the workspace's settings: a repository someone opened would then choose where prompts (and the
// code they carry) go. So the project is shown wherever a prompt is written, and before a prompt
// first goes to a project the workspace chose, the user is asked, once per workspace and project.

import * as vscode from 'vscode';
import { originOf } from '../platform/endpoint';
import type { SettingsService } from '../settings/settingsService';
import { askModal } from '../ui/messages';

export interface JobProject {
  readonly origin: string;
  readonly projectId: string;
  /** Set by the workspace's settings, not the user's. */
  readonly fromWorkspace: boolean;
}

/** Where this workspace's confirmations are kept: `origin|projectId` of each project the user agreed to. */
const CONFIRMED_KEY = 'docsAssistant.confirmedWorkspaceProjects';

export class JobProjects {
  constructor(
    private readonly settings: SettingsService,
    private readonly workspaceState: vscode.Memento,
  ) {}

  /** The project prompts go to now; undefined while the base URL or project id is not set. */
  get current(): JobProject | undefined {
    const { baseUrl, projectId } = this.settings.current;
    const origin = originOf(baseUrl);
    return origin && projectId ? { origin, projectId, fromWorkspace: this.settings.fromWorkspace('projectId') } : undefined;
  }

  /**
   * Whether a prompt may go to `project`: always when the user set it; when the workspace did, once
   * the user has said so for this workspace (asked now, in a modal dialog, the first time).
   */
  async confirm(project: JobProject): Promise<boolean> {
    if (!project.fromWorkspace) return true;
    const key = `${project.origin}|${project.projectId}`;
    const confirmed = this.workspaceState.get<string[]>(CONFIRMED_KEY) ?? [];
    if (confirmed.includes(key)) return true;
    const agreed = await askModal(
      `This workspace's settings send agent prompts to the project "${project.projectId}" at ${project.origin}. Send the prompt there?`,
      'The project id comes from this workspace (its .vscode/settings.json), not from your user settings: the repository you opened chose it. A prompt may carry your code and its changes. Docs Assistant asks once for this workspace and project. To use your own project, remove docsAssistant.projectId from the workspace settings.',
      'Send to This Project',
    );
    if (agreed) await this.workspaceState.update(CONFIRMED_KEY, [...confirmed, key]);
    return agreed;
  }
}

/** `project "proj_demo" at https://api.example.com`, and where it comes from when it is the workspace's choice. */
export function projectText(project: JobProject): string {
  return `project "${project.projectId}" at ${project.origin}${project.fromWorkspace ? ", set by this workspace's settings" : ''}`;
}
