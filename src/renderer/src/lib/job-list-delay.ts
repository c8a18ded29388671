// How long jobs run before the page lists them. A catalog under a megabyte is
// shrunk sooner and its result replaces what was on screen directly: a row
// shown for a moment would only flash, and drawing it (the panel's layout, the
// bar's frames) took the cores the job runs on. Half a second is well inside
// the second a person waits without losing the thread. (No DOM here: the
// journeys import it too, from the Node side.)

export const JOBS_SHOWN_AFTER_MS = 500;
