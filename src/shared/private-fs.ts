/**
 * Modes of what the service writes under DATA_DIR (tenants' documents and results, the database, keys and
 * secrets): its own user only. Passed explicitly because the process umask (022 by default) would leave them
 * readable by every local user.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Whether `uri` names a local path rather than an object store (s3://, gs://, ...). */
export function isLocalPath(uri: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\//i.test(uri);
}
