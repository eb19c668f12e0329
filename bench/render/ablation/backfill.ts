// Ablation: no slicing. Whatever came since the last draw is drawn in that draw, however much: the
// slice is never reached, so nothing is left to fill in and a long tail is drawn whole.

export { Backfill, GROUP_CHARS } from '../../../src/webview/backfill';

export const SLICE_CHARS = Number.POSITIVE_INFINITY;
