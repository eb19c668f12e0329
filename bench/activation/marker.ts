/** Starts the line the in-host activation run logs for each extension: marker, id, milliseconds. */
export const ACTIVATION_LINE = 'BENCH-ACTIVATION';
/** Starts the line that says which of the extension's files activation loaded: marker, bytes, files. */
export const LOADED_LINE = 'BENCH-LOADED';
/** Starts the line with how long Docs Assistant's first use took, its features loading: marker, milliseconds. */
export const FIRST_USE_LINE = 'BENCH-FIRST-USE';
