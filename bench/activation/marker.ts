/** Starts the line the in-host activation run logs for each extension: marker, id, milliseconds. */
export const ACTIVATION_LINE = 'BENCH-ACTIVATION';
