import { describe, it } from 'vitest';
import { deciderSpec } from '@core/shared/testing/given-when-then';
import { aiProviderDecider, type AiProviderEvent } from './provider';

const OLD = 'rtk1.aaaaaaaaaaaaaaaa.iv.body.tag';
const NEW = 'rtk1.bbbbbbbbbbbbbbbb.iv.body.tag';
const replaced = (sealedKey: string): AiProviderEvent => ({ type: 'AiProviderKeyReplaced', data: { sealedKey } });
const spec = deciderSpec(aiProviderDecider);

describe('ResealAiKey (the token key rotated)', () => {
  it('seals the same key again with the current key', () => {
    spec.given(replaced(OLD)).when({ type: 'ResealAiKey', sealed: NEW, replaces: OLD }).then([{ type: 'AiProviderKeyResealed', data: { sealedKey: NEW, keyId: 'bbbbbbbbbbbbbbbb' } }]);
  });
  it('stays quiet when the key changed in between, was removed, or never was set', () => {
    spec.given(replaced(OLD), replaced('rtk1.cccccccccccccccc.iv.body.tag')).when({ type: 'ResealAiKey', sealed: NEW, replaces: OLD }).thenNothing();
    spec.given(replaced(OLD), { type: 'AiProviderKeyRemoved', data: {} }).when({ type: 'ResealAiKey', sealed: NEW, replaces: OLD }).thenNothing();
    spec.given().when({ type: 'ResealAiKey', sealed: NEW, replaces: OLD }).thenNothing();
  });
  it('keeps the resealed key as the key in use', () => {
    spec
      .given(replaced(OLD), { type: 'AiProviderKeyResealed', data: { sealedKey: NEW, keyId: 'bbbbbbbbbbbbbbbb' } })
      .when({ type: 'ResealAiKey', sealed: 'rtk1.dddddddddddddddd.iv.body.tag', replaces: NEW })
      .then([{ type: 'AiProviderKeyResealed', data: { sealedKey: 'rtk1.dddddddddddddddd.iv.body.tag', keyId: 'dddddddddddddddd' } }]);
  });
});
