// Preview deployments of a branch, as the platform's project interface describes them
// (shared/reference/project-openapi.json): `POST /v1/project/preview/{projectId}` with `{branch}`
// answers 202 {statusId, previewUrl}, at most 5 a minute per organization (then 429 with
// Retry-After); `GET /v1/project/update-status/{statusId}` follows it queued, in progress, then to
// success or failure on the emulator's clock. A branch whose name holds "fail" fails, with logs.
// The emulator serves each successful preview's pages at its previewUrl.

import type { Answer } from './readerAnalytics';

export interface PreviewDeployment {
  readonly statusId: string;
  readonly branch: string;
  readonly createdAt: number;
  readonly previewUrl: string;
  readonly fails: boolean;
}

/** How long a preview is queued, then builds, in the emulator's clock. */
export const PREVIEW_QUEUED_MS = 2_000;
export const PREVIEW_BUILD_MS = 4_000;
/** Triggers a minute per organization, as the live service allows. */
export const PREVIEWS_PER_MINUTE = 5;

export class PreviewStore {
  readonly deployments: PreviewDeployment[] = [];
  /**
   * The files each preview's commit changed, by branch; else those `branchFiles` knows (the branch
   * in the jobs' repository, when a test gave one); else `changedFiles`.
   */
  readonly filesChanged = new Map<string, readonly string[]>();
  branchFiles: (branch: string) => readonly string[] | undefined = () => undefined;
  changedFiles: readonly string[] = ['docs/guides/agent-jobs.mdx', 'docs/guides/chat.mdx'];

  constructor(
    private readonly now: () => number,
    private readonly base: () => string,
  ) {}

  /** A trigger: the deployment, or the 400 or 429 to answer. */
  trigger(body: unknown): Answer {
    const branch = (body as { branch?: unknown } | undefined)?.branch;
    if (typeof branch !== 'string' || branch.length < 1) return { status: 400, body: { error: 'The `branch` field is required.' } };
    const now = this.now();
    const recent = this.deployments.filter((deployment) => now - deployment.createdAt < 60_000);
    if (recent.length >= PREVIEWS_PER_MINUTE) {
      const wait = Math.max(1, Math.ceil((recent[0].createdAt + 60_000 - now) / 1000));
      return { status: 429, body: { error: `Rate limit exceeded: ${PREVIEWS_PER_MINUTE} preview deployments a minute` }, retryAfter: wait };
    }
    const statusId = `status_${(this.deployments.length + 1).toString(36)}${now.toString(36)}`;
    const deployment = { statusId, branch, createdAt: now, previewUrl: `${this.base()}/previews/${statusId}`, fails: /fail/i.test(branch) };
    this.deployments.push(deployment);
    return { status: 202, body: { statusId, previewUrl: deployment.previewUrl } };
  }

  /** The status of `statusId`, as the update-status operation answers it. */
  status(statusId: string, projectId: string): Answer {
    const deployment = this.deployments.find((candidate) => candidate.statusId === statusId);
    if (!deployment) return { status: 404, body: { error: `No update with status id ${statusId}` } };
    const age = this.now() - deployment.createdAt;
    const status =
      age < PREVIEW_QUEUED_MS
        ? 'queued'
        : age < PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS
          ? 'in_progress'
          : deployment.fails
            ? 'failure'
            : 'success';
    const ended = status === 'success' || status === 'failure';
    const files = this.filesChanged.get(deployment.branch) ?? this.branchFiles(deployment.branch) ?? this.changedFiles;
    return {
      status: 200,
      body: {
        _id: statusId,
        projectId,
        createdAt: new Date(deployment.createdAt).toISOString(),
        ...(ended ? { endedAt: new Date(deployment.createdAt + PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS).toISOString() } : {}),
        status,
        summary:
          status === 'failure'
            ? 'Build failed: docs.json lists a page that does not exist.'
            : status === 'success'
              ? `Preview of ${deployment.branch} deployed.`
              : 'Building the preview.',
        logs:
          status === 'failure'
            ? [
                'Cloning the repository',
                `Checking out ${deployment.branch}`,
                'Error: docs/guides/missing.mdx is listed in docs.json but does not exist',
              ]
            : ['Cloning the repository', `Checking out ${deployment.branch}`, ...(ended ? ['Deployed'] : [])],
        subdomain: 'acme-docs',
        author: null,
        commit: {
          sha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
          ref: deployment.branch,
          message: `Docs agent: ${deployment.branch}`,
          filesChanged: { added: files.slice(0, 1), modified: files.slice(1), removed: [] },
        },
        source: 'api',
      },
    };
  }

  /** The deployment whose previewUrl `pathname` is under, once it succeeded: the site served there. */
  servedAt(pathname: string): PreviewDeployment | undefined {
    const statusId = /^\/previews\/([^/]+)/.exec(pathname)?.[1];
    const deployment = this.deployments.find((candidate) => candidate.statusId === statusId);
    if (!deployment || deployment.fails) return undefined;
    return this.now() - deployment.createdAt >= PREVIEW_QUEUED_MS + PREVIEW_BUILD_MS ? deployment : undefined;
  }
}
