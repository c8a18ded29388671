// A usage mistake a command finds once its options are parsed (a malformed
// --env, --url with a command): program.ts prints it with the usage hint and
// exits 2, as commander does for the mistakes it finds itself.

export class UsageError extends Error {}
