import { createHash } from 'node:crypto';
import { StoreConflictError } from '../shared/errors.ts';
import type { MetadataStore } from '../storage/mod.ts';
import type { JobRecord } from './ports.ts';

/**
 * Usage per API key (tenant), day, operation and billing profile: finished jobs and pages processed.
 * One record per tenant and UTC day (`usage.<tenant hash>.<yyyymmdd>`), updated with compare-and-set so
 * several workers can count at once.
 */
export interface UsageCounter {
  jobs: number;
  failed: number;
  pages: number;
}

interface DayRecord {
  tenant: string;
  day: string;
  /** Keyed by `<operation>|<billing_profile>`. */
  counters: Record<string, UsageCounter>;
}

export interface UsageItem extends UsageCounter {
  operation: string;
  billing_profile: string;
}

export interface UsageReport {
  from: string;
  to: string;
  totals: UsageCounter;
  items: UsageItem[];
  days: ({ day: string } & UsageCounter)[];
}

const MAX_CAS_TRIES = 20;

function tenantKey(tenant: string): string {
  return createHash('sha256').update(tenant).digest('hex').slice(0, 16);
}

/** `YYYY-MM-DD` of an epoch-seconds time, UTC. */
export function utcDay(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().slice(0, 10);
}

function recordId(tenant: string, day: string): string {
  return `usage.${tenantKey(tenant)}.${day.replaceAll('-', '')}`;
}

function add(into: UsageCounter, from: UsageCounter): void {
  into.jobs += from.jobs;
  into.failed += from.failed;
  into.pages += from.pages;
}

export class UsageLedger {
  constructor(private readonly metadata: MetadataStore) {}

  /** Counts a finished job on the day it finished. */
  async record(job: JobRecord): Promise<void> {
    const day = utcDay(job.updated_at);
    const id = recordId(job.tenant, day);
    const key = `${job.operation}|${job.billing_profile}`;
    const delta: UsageCounter = { jobs: 1, failed: job.status === 'failed' ? 1 : 0, pages: job.pages_processed ?? 0 };
    for (let i = 0; i < MAX_CAS_TRIES; i++) {
      const current = await this.metadata.get<DayRecord>('usage', id);
      const next: DayRecord = current ? structuredClone(current.value) : { tenant: job.tenant, day, counters: {} };
      next.counters[key] ??= { jobs: 0, failed: 0, pages: 0 };
      add(next.counters[key], delta);
      try {
        if (current) await this.metadata.update('usage', id, next, current.revision);
        else await this.metadata.create('usage', id, next);
        return;
      } catch (err) {
        if (!(err instanceof StoreConflictError)) throw err;
      }
    }
    throw new Error(`usage ${id}: too many concurrent updates`);
  }

  /** Usage of one tenant between two UTC days, inclusive. */
  async report(tenant: string, from: string, to: string): Promise<UsageReport> {
    const records = await this.metadata.list<DayRecord>('usage', `usage.${tenantKey(tenant)}.`);
    const totals: UsageCounter = { jobs: 0, failed: 0, pages: 0 };
    const items = new Map<string, UsageItem>();
    const days: UsageReport['days'] = [];
    for (const { value } of records) {
      if (value.tenant !== tenant || value.day < from || value.day > to) continue;
      const dayTotal: UsageCounter = { jobs: 0, failed: 0, pages: 0 };
      for (const [key, counter] of Object.entries(value.counters)) {
        const [operation, billing_profile] = key.split('|');
        const item = items.get(key) ?? { operation, billing_profile, jobs: 0, failed: 0, pages: 0 };
        add(item, counter);
        items.set(key, item);
        add(dayTotal, counter);
      }
      add(totals, dayTotal);
      days.push({ day: value.day, ...dayTotal });
    }
    const sorted = [...items.values()].sort(
      (a, b) => a.operation.localeCompare(b.operation) || a.billing_profile.localeCompare(b.billing_profile),
    );
    return { from, to, totals, items: sorted, days: days.sort((a, b) => a.day.localeCompare(b.day)) };
  }
}
