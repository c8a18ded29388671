// What a thrown value says, in one place: an Error's message, anything else
// as text (a rejected promise may carry a string, a number, null).

/** The message of a thrown value: `error.message` for an Error, else `String(error)`. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
