// How long jobs run before the page lists them. A small catalog's result comes
// sooner and replaces what was on screen directly: a row shown for a moment
// would only flash, and drawing it took the cores the job runs on. (No DOM
// here: the journeys import it too, from the Node side.)

export const JOBS_SHOWN_AFTER_MS = 300;
