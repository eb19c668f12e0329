// The platform's admin interface, with the admin key and nothing else: an agent job read,
// started and followed up. A change is sent again only when it surely never left.

import * as l10n from '@vscode/l10n';
import { type AgentJob, otherJobAnswer, parseAgentJob, promptProblem } from './agentJob';
import { path } from './endpoint';
import { fail, isSafeToResend, ok, platformError, type Result } from './errors';
import { badBody, type CallOptions, type PlatformHttp } from './platformHttp';

export class AgentJobsClient {
  constructor(private readonly http: PlatformHttp) {}

  /** Operation 1: `GET /v2/agent/{projectId}/job/{id}` with the admin key. Retried when transient. */
  read(projectId: string, id: string, options: CallOptions = {}): Promise<Result<AgentJob>> {
    return this.http.guard(async () => {
      const ready = await this.http.prepare('adminKey', { projectId }, { jobId: id });
      if (!ready.ok) return ready;
      const context = this.http.context(
        'adminKey',
        l10n.t('No agent job "{0}" was found in project "{1}". Check the job id and the project id.', id, projectId),
      );
      const call = {
        ...this.http.call('GET', path`/v2/agent/${projectId}/job/${id}`, 'adminKey', ready.value, options.signal),
        ...(options.background ? { background: true } : {}),
      };
      return this.http.retried(options, () => this.http.readJsonCall(call, context, (json) => jobOf(json, id)));
    });
  }

  /**
   * `POST /v2/agent/{projectId}/job` with the admin key: a new job works on the prompt. Sent again
   * only when it surely never left: a network failure must not start the job twice.
   */
  create(projectId: string, prompt: string, options: CallOptions = {}): Promise<Result<AgentJob>> {
    return this.http.guard(async () => {
      const problem = promptProblem(prompt);
      if (problem) return fail(platformError('invalidRequest', problem));
      const ready = await this.http.prepare('adminKey', { projectId }, {});
      if (!ready.ok) return ready;
      const context = this.http.context('adminKey', l10n.t('The project "{0}" was not found. Check the project id.', projectId));
      const call = this.http.call('POST', path`/v2/agent/${projectId}/job`, 'adminKey', ready.value, options.signal, { prompt });
      return this.http.retried(
        options,
        () => this.http.readJsonCall(call, context, (json) => jobOf(json, undefined), [200, 201]),
        isSafeToResend,
      );
    });
  }

  /**
   * `POST /v2/agent/{projectId}/job/{id}/message` with the admin key: a follow-up instruction; the
   * answer is the job, usually active again. Sent again only when it surely never left.
   */
  followUp(projectId: string, id: string, prompt: string, options: CallOptions = {}): Promise<Result<AgentJob>> {
    return this.http.guard(async () => {
      const problem = promptProblem(prompt);
      if (problem) return fail(platformError('invalidRequest', problem));
      const ready = await this.http.prepare('adminKey', { projectId }, { jobId: id });
      if (!ready.ok) return ready;
      const context = this.http.context(
        'adminKey',
        l10n.t('No agent job "{0}" was found in project "{1}": it may have been deleted.', id, projectId),
      );
      const call = this.http.call('POST', path`/v2/agent/${projectId}/job/${id}/message`, 'adminKey', ready.value, options.signal, {
        prompt,
      });
      return this.http.retried(options, () => this.http.readJsonCall(call, context, (json) => jobOf(json, id)), isSafeToResend);
    });
  }
}

/**
 * The job a 200 body holds. When a job was asked for by id, the answer must be that job: a server
 * that names another would otherwise update a job the user never asked about.
 */
function jobOf(json: unknown, requestedId: string | undefined): Result<AgentJob> {
  const job = parseAgentJob(json, requestedId);
  if (!job) return fail(badBody(l10n.t('The platform answered 200 but the body is not an agent job.')));
  return requestedId !== undefined && job.id !== requestedId ? fail(otherJobAnswer(job.id, requestedId)) : ok(job);
}
