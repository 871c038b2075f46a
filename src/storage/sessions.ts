import { newId, nowSeconds } from '../shared/ids.ts';
import { StoreConflictError } from '../shared/errors.ts';
import type { MetadataStore } from './ports.ts';

/**
 * Ask sessions (issue 8): the ordered inputs of a conversation, their documents and its turns, so that a follow-up
 * reuses the parsed and indexed documents and resolves references from the previous turn.
 *
 * The port is kept apart from MetadataStore on purpose: what a session is (ordered inputs, a bounded list of
 * turns, appends that must not lose a concurrent turn) lives here, not in every caller. The adapter stores sessions
 * in the `sessions` collection of the process's MetadataStore, so the embedded SQLite store and the NATS KV store
 * both hold them without an adapter of their own.
 */

export interface SessionCitation {
  doc_id: string | null;
  regions: { page_index: number; page_width: number; page_height: number; bbox: { x: number; y: number; width: number; height: number } }[];
}

export interface SessionTurn {
  question: string;
  /** The question's analysis (QuestionInfo of the ask engine), kept as JSON to resolve the next question's references. */
  question_info: unknown;
  answer: string;
  citations: SessionCitation[];
  created_at: number;
}

export interface SessionRecord {
  session_id: string;
  tenant: string;
  /** The inputs in the order they were given; a follow-up must name the same ones in the same order. */
  file_ids: string[];
  /** The documents of those inputs (same order). */
  doc_ids: string[];
  turns: SessionTurn[];
  created_at: number;
  updated_at: number;
}

export interface SessionStore {
  create(tenant: string, fileIds: string[], docIds: string[]): Promise<SessionRecord>;
  /** Undefined when the session does not exist or belongs to another tenant (callers answer 404 either way). */
  get(tenant: string, sessionId: string): Promise<SessionRecord | undefined>;
  /** Appends a turn, keeping the newest MAX_SESSION_TURNS; retried on a concurrent append. */
  appendTurn(tenant: string, sessionId: string, turn: SessionTurn): Promise<SessionRecord>;
}

/** A conversation keeps its newest turns only: the record stays small (NATS KV values are bounded). */
export const MAX_SESSION_TURNS = 50;
const APPEND_ATTEMPTS = 5;

export class SessionNotFoundError extends Error {
  constructor(readonly sessionId: string) {
    super(`session not found: ${sessionId}`);
    this.name = 'SessionNotFoundError';
  }
}

export class MetadataSessionStore implements SessionStore {
  constructor(private readonly metadata: MetadataStore) {}

  async create(tenant: string, fileIds: string[], docIds: string[]): Promise<SessionRecord> {
    const now = nowSeconds();
    const record: SessionRecord = {
      session_id: newId('session_id'),
      tenant,
      file_ids: fileIds,
      doc_ids: docIds,
      turns: [],
      created_at: now,
      updated_at: now,
    };
    await this.metadata.create('sessions', record.session_id, record);
    return record;
  }

  async get(tenant: string, sessionId: string): Promise<SessionRecord | undefined> {
    const stored = await this.metadata.get<SessionRecord>('sessions', sessionId);
    return stored && stored.value.tenant === tenant ? stored.value : undefined;
  }

  async appendTurn(tenant: string, sessionId: string, turn: SessionTurn): Promise<SessionRecord> {
    for (let attempt = 1; ; attempt++) {
      const stored = await this.metadata.get<SessionRecord>('sessions', sessionId);
      if (!stored || stored.value.tenant !== tenant) throw new SessionNotFoundError(sessionId);
      const next: SessionRecord = {
        ...stored.value,
        turns: [...stored.value.turns, turn].slice(-MAX_SESSION_TURNS),
        updated_at: nowSeconds(),
      };
      try {
        await this.metadata.update('sessions', sessionId, next, stored.revision);
        return next;
      } catch (err) {
        // Another turn of the same session was stored in between: read it back and append after it.
        if (!(err instanceof StoreConflictError) || attempt >= APPEND_ATTEMPTS) throw err;
      }
    }
  }
}
