// A preview deployment of a branch, as the platform's project interface describes it
// (../shared/reference/project-openapi.json): triggered, then followed through queued and in
// progress to success or failure, with a summary, logs, and the files its commit changed. Every
// string is the platform's (a branch name, a log line, an address), to be shown as text.

import { withoutInvisible } from '../util/invisibleText';

export type DeploymentStatus = 'queued' | 'in_progress' | 'success' | 'failure';

/** What triggering a preview answers: where to follow it, and where it will be. */
export interface PreviewTriggered {
  readonly statusId: string;
  /** The address the platform gives; only an http(s) one is ever opened. */
  readonly previewUrl?: string;
}

export interface Deployment {
  readonly statusId: string;
  readonly status: DeploymentStatus;
  readonly summary?: string;
  readonly logs: readonly string[];
  readonly endedAt?: string;
  /** The files the deployed commit changed, added ones first. */
  readonly filesChanged: readonly string[];
  /** An unknown status the platform sent, shown as it came. */
  readonly rawStatus?: string;
}

const STATUSES: readonly DeploymentStatus[] = ['queued', 'in_progress', 'success', 'failure'];

export const isEnded = (status: DeploymentStatus): boolean => status === 'success' || status === 'failure';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function parsePreviewTriggered(json: unknown): PreviewTriggered | undefined {
  if (!isObject(json) || typeof json.statusId !== 'string' || json.statusId === '') return undefined;
  return { statusId: json.statusId, ...(typeof json.previewUrl === 'string' ? { previewUrl: json.previewUrl } : {}) };
}

/** The status of `statusId` as the platform answered it; one it does not know is followed as queued. */
export function parseDeployment(json: unknown, statusId: string): Deployment | undefined {
  if (!isObject(json)) return undefined;
  const known = STATUSES.find((status) => status === json.status);
  if (!known && typeof json.status !== 'string') return undefined;
  const commit = isObject(json.commit) ? json.commit : {};
  const files = isObject(commit.filesChanged) ? commit.filesChanged : {};
  return {
    statusId: typeof json._id === 'string' ? json._id : statusId,
    status: known ?? 'queued',
    ...(known ? {} : { rawStatus: String(json.status) }),
    ...(typeof json.summary === 'string' ? { summary: json.summary } : {}),
    logs: strings(json.logs),
    ...(typeof json.endedAt === 'string' ? { endedAt: json.endedAt } : {}),
    filesChanged: [...new Set([...strings(files.added), ...strings(files.modified)])],
  };
}

/** `previewUrl` when it is an http(s) address, the only kind ever opened; undefined otherwise. */
export function openablePreviewUrl(previewUrl: string | undefined): string | undefined {
  if (previewUrl === undefined || !URL.canParse(previewUrl)) return undefined;
  const url = new URL(previewUrl);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '' ? url.toString() : undefined;
}

/**
 * The changed files that are pages, each a plain relative path: a Markdown file, no `.` or `..`
 * segment, no backslash, line break or character that draws as nothing. Only these are offered, to open in the preview or
 * from the branch, so no file name the platform sends can lead outside either.
 */
export function changedPages(deployment: Deployment): string[] {
  return deployment.filesChanged.filter(isPagePath);
}

export function isPagePath(file: string): boolean {
  const segments = file.replace(/^\/+/, '').split('/');
  return (
    /\.mdx?$/i.test(file) &&
    !/[\\\r\n\t]/.test(file) &&
    withoutInvisible(file).count === 0 &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}

/**
 * Where changed page `file` is in the preview at `previewUrl`: its path under docs/ or not, without
 * its extension, each segment encoded under the preview's own address. Undefined unless the result
 * is an http(s) address of the preview's origin.
 */
export function previewPageUrl(previewUrl: string, file: string): string | undefined {
  const base = openablePreviewUrl(previewUrl);
  if (base === undefined || !isPagePath(file)) return undefined;
  const path = file
    .replace(/^\/+/, '')
    .replace(/^docs\//, '')
    .replace(/\.mdx?$/i, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/');
  const page = new URL(path, base.endsWith('/') ? base : `${base}/`);
  return page.origin === new URL(base).origin ? page.toString() : undefined;
}
