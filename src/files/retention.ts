import { nowSeconds } from '../shared/ids.ts';
import type { Logger } from '../shared/logger.ts';
import type { FileService } from './files.service.ts';

/**
 * Deletes files stored more than `days` ago (config DOCINTEL_FILE_RETENTION_DAYS; 0 never sweeps), each with
 * everything FileService.remove takes along. Runs with the job retention sweep. Returns the number deleted.
 */
export async function sweepExpiredFiles(files: FileService, days: number, logger: Logger, now = nowSeconds()): Promise<number> {
  if (days <= 0) return 0;
  let deleted = 0;
  for (const record of await files.listStoredBefore(now - days * 86_400)) {
    try {
      await files.remove(record.tenant, record.file_id);
      deleted++;
    } catch (err) {
      logger.warn({ err, fileId: record.file_id }, 'retention: could not delete file');
    }
  }
  if (deleted) logger.info({ deleted }, 'retention: expired files deleted');
  return deleted;
}
