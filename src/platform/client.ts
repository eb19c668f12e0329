// The platform, as the extension calls it: one client per base URL, made of one client per
// interface and key (agent jobs, analytics and deployments with the admin key, discovery with the
// assistant key) over the plumbing they share. Every call resolves to a Result; nothing throws at the caller, and nothing
// is sent until the call has what it needs.

import { AgentJobsClient } from './agentJobsClient';
import { AnalyticsClient } from './analyticsClient';
import { DeploymentsClient } from './deploymentsClient';
import { DiscoveryClient } from './discoveryClient';
import { type PlatformClientOptions, PlatformHttp } from './platformHttp';

export type { CallOptions, KeySource, PlatformClientOptions, RetryWait } from './platformHttp';
export type { AssistantCallOptions, AssistantOutcome, AssistantReply, Page, SearchRequest, StreamObserver } from './discoveryClient';
export { DEFAULT_SEARCH_PAGE_SIZE } from './discoveryClient';

export class PlatformClient {
  private readonly http: PlatformHttp;
  /** The admin interface: agent jobs. */
  readonly agentJobs: AgentJobsClient;
  /** The discovery interface: search, pages and the assistant. */
  readonly discovery: DiscoveryClient;
  /** Readers' analytics, with the admin key. */
  readonly analytics: AnalyticsClient;
  /** The project interface: preview deployments of a branch, with the admin key. */
  readonly deployments: DeploymentsClient;

  constructor(options: PlatformClientOptions) {
    this.http = new PlatformHttp(options);
    this.agentJobs = new AgentJobsClient(this.http);
    this.discovery = new DiscoveryClient(this.http);
    this.analytics = new AnalyticsClient(this.http);
    this.deployments = new DeploymentsClient(this.http);
  }

  /** The origin keys are stored under, or undefined when the base URL is not usable. */
  get origin(): string | undefined {
    return this.http.base.ok ? this.http.base.value.origin : undefined;
  }

  /** Releases the connection pool. */
  dispose(): Promise<void> {
    return this.http.close();
  }
}
