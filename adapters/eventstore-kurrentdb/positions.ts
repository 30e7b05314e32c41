/**
 * KurrentDB orders $all by (commit, prepare), two unsigned 64-bit log offsets. The port wants one
 * opaque string whose lexicographic order is the global order, so each half is written as a
 * zero-padded 20-digit decimal (2^64 - 1 has 20 digits): `${commit}:${prepare}`. Equal widths make
 * string order equal numeric order, and the ':' keeps the value readable in logs and checkpoints.
 */
import { AppError } from '@core/shared/errors';
import type { Position } from '@core/eventstore/types';

export interface LogPosition {
  commit: bigint;
  prepare: bigint;
}

const WIDTH = 20;
const MAX = (1n << 64n) - 1n;
const SHAPE = /^(\d{20}):(\d{20})$/;

const half = (value: bigint, name: string): string => {
  if (value < 0n || value > MAX) throw new AppError('internal', `KurrentDB ${name} position out of range: ${value}`);
  return value.toString(10).padStart(WIDTH, '0');
};

export const encodePosition = ({ commit, prepare }: LogPosition): Position =>
  `${half(commit, 'commit')}:${half(prepare, 'prepare')}` as Position;

/** Refuses anything this adapter did not issue (a SQLite or memory position, a hand-made string). */
export const decodePosition = (position: Position): LogPosition => {
  const match = SHAPE.exec(position);
  if (match === null || match[1] === undefined || match[2] === undefined) {
    throw new AppError('validation', `Not a KurrentDB position: '${position}'`, { field: 'position' });
  }
  const commit = BigInt(match[1]);
  const prepare = BigInt(match[2]);
  if (commit > MAX || prepare > MAX) {
    throw new AppError('validation', `Not a KurrentDB position (out of range): '${position}'`, { field: 'position' });
  }
  return { commit, prepare };
};

/** The order KurrentDB gives $all, on decoded positions (used to check the encoding keeps it). */
export const compareLogPositions = (a: LogPosition, b: LogPosition): number =>
  a.commit !== b.commit ? (a.commit < b.commit ? -1 : 1) : a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1;
