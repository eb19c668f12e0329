// The platform's analytics of readers, with the admin key (a read-only key is enough): pages by their
// votes, readers' feedback, the assistant's conversations and one thread, and the terms readers
// searched for. Reads only, each one request, retried when the platform is busy for a moment.

import * as l10n from '@vscode/l10n';
import {
  type AssistantConversation,
  type AssistantThread,
  type DateRange,
  type PageVotes,
  parseConversations,
  parseFeedback,
  parsePageVotes,
  parseSearches,
  parseThread,
  type ReaderFeedback,
  type Rows,
  type SearchTerm,
} from './analytics';
import { path } from './endpoint';
import { fail, ok, type Result } from './errors';
import { badBody, type CallOptions, type PlatformHttp } from './platformHttp';

/** Rows a request asks for: enough to group, few enough to read at once. */
export const ANALYTICS_PAGE_SIZE = 50;

export class AnalyticsClient {
  constructor(private readonly http: PlatformHttp) {}

  /** `GET /v1/analytics/{projectId}/feedback/by-page`: the first `limit` pages by their feedback (the operation has no cursor). */
  pagesByVotes(
    projectId: string,
    range: DateRange,
    limit: number,
    options: CallOptions = {},
  ): Promise<Result<{ pages: PageVotes[]; hasMore: boolean }>> {
    return this.read(projectId, 'feedback/by-page', { ...dates(range), limit: String(limit) }, options, parsePageVotes);
  }

  /** `GET /v1/analytics/{projectId}/feedback`: what readers wrote, newest first, a page of rows at a time. */
  feedback(
    projectId: string,
    range: DateRange,
    cursor: string | undefined,
    options: CallOptions = {},
  ): Promise<Result<Rows<ReaderFeedback>>> {
    return this.read(
      projectId,
      'feedback',
      { ...dates(range), limit: String(ANALYTICS_PAGE_SIZE), ...withCursor(cursor) },
      options,
      parseFeedback,
    );
  }

  /** `GET /v1/analytics/{projectId}/assistant`: the assistant's conversations, answered or not. */
  conversations(
    projectId: string,
    range: DateRange,
    cursor: string | undefined,
    options: CallOptions = {},
  ): Promise<Result<Rows<AssistantConversation>>> {
    return this.read(
      projectId,
      'assistant',
      { ...dates(range), limit: String(ANALYTICS_PAGE_SIZE), ...withCursor(cursor) },
      options,
      parseConversations,
    );
  }

  /** `GET /v1/analytics/{projectId}/assistant/threads/{threadId}`: one conversation's messages. */
  thread(projectId: string, threadId: string, options: CallOptions = {}): Promise<Result<AssistantThread>> {
    return this.read(projectId, path`assistant/threads/${threadId}`, {}, options, parseThread, { threadId });
  }

  /** `GET /v1/analytics/{projectId}/searches`: the terms readers searched for, most searched first. */
  searches(projectId: string, range: DateRange, cursor: string | undefined, options: CallOptions = {}): Promise<Result<Rows<SearchTerm>>> {
    return this.read(
      projectId,
      'searches',
      { ...dates(range), limit: String(ANALYTICS_PAGE_SIZE), ...withCursor(cursor) },
      options,
      parseSearches,
    );
  }

  private read<T>(
    projectId: string,
    below: string,
    query: Record<string, string>,
    options: CallOptions,
    parse: (json: unknown) => T | undefined,
    /** An id in `below`, checked as every path parameter is. */
    params: { threadId?: string } = {},
  ): Promise<Result<T>> {
    return this.http.guard(async () => {
      const ready = await this.http.prepare('adminKey', { projectId }, params);
      if (!ready.ok) return ready;
      const context = this.http.context('adminKey', l10n.t('The project "{0}" has no such analytics. Check the project id.', projectId), {
        forbidden: l10n.t(
          "The admin key may not read this project's analytics: the project's plan may not include them, or the key's scope does not cover them. Check the plan and the key on the dashboard.",
        ),
      });
      const search = new URLSearchParams(query).toString();
      const call = this.http.call(
        'GET',
        `${path`/v1/analytics/${projectId}/`}${below}${search ? `?${search}` : ''}`,
        'adminKey',
        ready.value,
        options.signal,
      );
      return this.http.retried(options, () =>
        this.http.readJsonCall(call, context, (json) => {
          const parsed = parse(json);
          return parsed === undefined
            ? fail(badBody(l10n.t('The platform answered 200 but the body is not the analytics asked for.')))
            : ok(parsed);
        }),
      );
    });
  }
}

function dates(range: DateRange): Record<string, string> {
  return { dateFrom: range.from, dateTo: range.to };
}

function withCursor(cursor: string | undefined): Record<string, string> {
  return cursor === undefined ? {} : { cursor };
}
