import { describe, expect, it } from 'vitest';
import { decideOnFailure, failedOver, failureFromStatus, initialFailoverState } from './failover';

const MAIN = 'https://media.example.com';
const BACKUP = 'https://media.example.net';

describe('decideOnFailure', () => {
  it('moves to the backup on a network error or a 5xx, once', () => {
    const start = initialFailoverState(MAIN, BACKUP);
    expect(decideOnFailure(start, { kind: 'network', resource: 'media' })).toEqual({
      action: 'failover',
      origin: BACKUP,
    });
    expect(decideOnFailure(start, { kind: 'http', status: 503, resource: 'media' })).toEqual({
      action: 'failover',
      origin: BACKUP,
    });
    const onBackup = failedOver(start, BACKUP);
    expect(onBackup.current).toBe(BACKUP);
    expect(onBackup.failed).toEqual([MAIN]);
    // The backup fails too: no way back to the main, which already failed.
    expect(decideOnFailure(onBackup, { kind: 'http', status: 502, resource: 'media' })).toEqual({
      action: 'give-up',
      reason: 'all-servers-failed',
    });
  });

  it('moves to the backup when a media file is missing on this server', () => {
    const start = initialFailoverState(MAIN, BACKUP);
    expect(decideOnFailure(start, { kind: 'http', status: 404, resource: 'media' })).toEqual({
      action: 'failover',
      origin: BACKUP,
    });
  });

  it('gives up with the reason when there is no other server', () => {
    const single = initialFailoverState(MAIN, MAIN);
    expect(single.origins).toEqual([MAIN]);
    expect(decideOnFailure(single, { kind: 'network', resource: 'media' })).toEqual({
      action: 'give-up',
      reason: 'unreachable',
    });
    expect(decideOnFailure(single, { kind: 'http', status: 500, resource: 'info' })).toEqual({
      action: 'give-up',
      reason: 'server-error',
    });
    expect(decideOnFailure(initialFailoverState(MAIN, null), { kind: 'network', resource: 'info' }).action).toBe(
      'give-up',
    );
  });

  it('asks for a fresh token on 401 and 403, and stops when the fresh one is refused too', () => {
    const start = initialFailoverState(MAIN, BACKUP);
    expect(decideOnFailure(start, { kind: 'http', status: 403, resource: 'media' })).toEqual({ action: 'renew-token' });
    expect(decideOnFailure(start, { kind: 'http', status: 401, resource: 'info' })).toEqual({ action: 'renew-token' });
    const refusedAgain = { ...start, refusedAfterRenewal: true };
    expect(decideOnFailure(refusedAgain, { kind: 'http', status: 403, resource: 'media' })).toEqual({
      action: 'give-up',
      reason: 'refused',
    });
  });

  it('says not found when the title itself is missing, on any server', () => {
    const start = initialFailoverState(MAIN, BACKUP);
    expect(decideOnFailure(start, { kind: 'http', status: 404, resource: 'info' })).toEqual({
      action: 'give-up',
      reason: 'not-found',
    });
  });

  it('does not fail over on a decoding error', () => {
    expect(decideOnFailure(initialFailoverState(MAIN, BACKUP), { kind: 'media' })).toEqual({
      action: 'give-up',
      reason: 'unsupported',
    });
  });

  it('a page opened on the backup can fall back to the main once', () => {
    const fromBackup = initialFailoverState(BACKUP, MAIN);
    expect(decideOnFailure(fromBackup, { kind: 'network', resource: 'media' })).toEqual({
      action: 'failover',
      origin: MAIN,
    });
  });
});

describe('failureFromStatus', () => {
  it('reads status 0 or none as no answer, and 4xx/5xx as an error answer', () => {
    expect(failureFromStatus(0, 'media')).toEqual({ kind: 'network', resource: 'media' });
    expect(failureFromStatus(undefined, 'info')).toEqual({ kind: 'network', resource: 'info' });
    expect(failureFromStatus(503, 'media')).toEqual({ kind: 'http', status: 503, resource: 'media' });
    expect(failureFromStatus(403, 'info')).toEqual({ kind: 'http', status: 403, resource: 'info' });
  });
});
