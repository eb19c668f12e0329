// The platform's project interface, with the admin key: a preview deployment of a branch triggered,
// and its status read. A trigger uses the organization's quota (5 a minute): it is sent again only
// when it surely never left, or when the platform refused it for its rate limit and named a wait
// (counted down by the caller, as the chat does, up to a minute). A 429 that names no wait is said
// at once: a quick retry against a quota of a minute can only be refused again.

import * as l10n from '@vscode/l10n';
import { type Deployment, parseDeployment, parsePreviewTriggered, type PreviewTriggered } from './deployments';
import { path } from './endpoint';
import { fail, isSafeToResend, ok, platformError, type Result } from './errors';
import { badBody, type CallOptions, type PlatformHttp } from './platformHttp';
import { MAX_WATCHED_WAIT_MS } from './retry';

export class DeploymentsClient {
  constructor(private readonly http: PlatformHttp) {}

  /** `POST /v1/project/preview/{projectId}` with `{ branch }`: a preview deployment of the branch. */
  preview(projectId: string, branch: string, options: CallOptions = {}): Promise<Result<PreviewTriggered>> {
    return this.http.guard(async () => {
      if (branch.trim() === '') return fail(platformError('invalidRequest', l10n.t('Name the branch to preview.')));
      const ready = await this.http.prepare('adminKey', { projectId }, {});
      if (!ready.ok) return ready;
      const context = this.http.context('adminKey', l10n.t('The project "{0}" was not found. Check the project id.', projectId), {
        forbidden: l10n.t(
          "The platform refused to deploy a preview: the project's plan may not include previews, or the admin key is read-only. Check the plan, or set an admin key with write access.",
        ),
      });
      const call = this.http.call('POST', path`/v1/project/preview/${projectId}`, 'adminKey', ready.value, options.signal, { branch });
      return this.http.retried(
        options,
        () =>
          this.http.readJsonCall(
            call,
            context,
            (json) => {
              const triggered = parsePreviewTriggered(json);
              return triggered
                ? ok(triggered)
                : fail(badBody(l10n.t('The platform accepted the preview but did not say where to follow it.')));
            },
            [200, 201, 202],
          ),
        (error) => (error.kind === 'rateLimited' ? error.retryAfterMs !== undefined : isSafeToResend(error)),
        MAX_WATCHED_WAIT_MS,
      );
    });
  }

  /** `GET /v1/project/update-status/{statusId}`: where a deployment is. */
  status(statusId: string, options: CallOptions = {}): Promise<Result<Deployment>> {
    return this.http.guard(async () => {
      if (statusId.trim() === '') return fail(platformError('invalidRequest', l10n.t('The deployment has no status to follow.')));
      const ready = await this.http.prepare('adminKey', {}, { statusId });
      if (!ready.ok) return ready;
      const context = this.http.context('adminKey', l10n.t('The platform no longer knows deployment "{0}".', statusId));
      const call = {
        ...this.http.call('GET', path`/v1/project/update-status/${statusId}`, 'adminKey', ready.value, options.signal),
        ...(options.background ? { background: true } : {}),
      };
      return this.http.retried(options, () =>
        this.http.readJsonCall(call, context, (json) => {
          const deployment = parseDeployment(json, statusId);
          return deployment ? ok(deployment) : fail(badBody(l10n.t('The platform answered 200 but the body is not a deployment.')));
        }),
      );
    });
  }
}
