// A node of the Agent Jobs tree: a tracked job, or one of its details (its branch, its pull
// request…). Commands on the tree's items get one as their argument.

import type { JobDetail } from '../jobPresentation';

export type JobNode =
  { readonly kind: 'job'; readonly id: string } | { readonly kind: 'detail'; readonly jobId: string; readonly detail: JobDetail };
