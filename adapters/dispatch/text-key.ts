/** The key of X's 24-hour same-text rule: a sha256 of the normalised text (core/replies textKeySource). */
import { createHash } from 'node:crypto';
import { textKeySource } from '@core/replies';

export const textKeyOf = (text: string): string => createHash('sha256').update(textKeySource(text), 'utf8').digest('hex');
