// Document files: uploads, validation on the document pool, metadata records, page images, retention.
export { FileService, type FileRecord, type FileRef, type LockedUpload } from './files.service.ts';
export { sweepExpiredFiles } from './retention.ts';
export { PartCutShortError } from './upload-stream.ts';
